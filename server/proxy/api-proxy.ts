import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import type { Logger } from "pino";
import type { Metrics } from "#server/observability/metrics.ts";
import { browserResponseHeaders, isPortalOwnedHeader, upstreamCookieHeader } from "./header-hygiene.ts";

export type ApiProxyOptions = {
  target: string;
  timeoutMs: number;
  trustedIdentityHeaders: readonly string[];
  metrics: Metrics;
  logger: Logger;
};

type ProxiedRequest = IncomingMessage & { upstreamTimedOut?: boolean; proxyStarted?: number };
type ExpressRes = ServerResponse & { locals: Response["locals"] };

const MESSAGES = {
  502: "Il servizio del Comune non è raggiungibile in questo momento. Riprova tra qualche minuto.",
  504: "Il servizio del Comune non ha risposto in tempo. Riprova tra qualche minuto.",
};

function sendError(res: ServerResponse, status: 502 | 504) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify({ status, title: MESSAGES[status], details: [] }));
}

/** Location headers that point at the upstream's own host become paths on the portal. */
function locationRewriter(upstreamHosts: string[]) {
  return (location: string) => {
    try {
      const url = new URL(location);
      if (upstreamHosts.includes(url.host)) return url.pathname + url.search + url.hash;
    } catch {
      // relative already
    }
    return location;
  };
}

/**
 * Streams `/api/*` and `/api-public/*` to the municipality's upstream. Client-chosen forwarding, authorization and
 * identity headers are dropped; the portal sets the tenant host, the trusted identity headers and the maintenance
 * credential. Answers are relayed as they come, except upstream 5xx pages that are not JSON.
 */
export function apiProxy(options: ApiProxyOptions): RequestHandler {
  const targetHost = new URL(options.target).host;
  const proxy = createProxyMiddleware<Request, ExpressRes>({
    target: options.target,
    changeOrigin: true,
    pathFilter: (path) => /^\/api(-public)?(\/|$)/.test(path),
    selfHandleResponse: true,
    on: {
      proxyReq(proxyReq, req, res) {
        const r = req as unknown as ProxiedRequest;
        r.proxyStarted = performance.now();
        for (const name of proxyReq.getHeaderNames()) {
          if (isPortalOwnedHeader(name, options.trustedIdentityHeaders)) proxyReq.removeHeader(name);
        }
        const locals = res.locals;
        const cookie = upstreamCookieHeader(locals.cookies);
        if (cookie) proxyReq.setHeader("cookie", cookie);
        else proxyReq.removeHeader("cookie");
        proxyReq.setHeader("x-forwarded-host", locals.portalTenant.upstreamHost);
        proxyReq.setHeader("x-forwarded-proto", req.protocol);
        if (req.ip) proxyReq.setHeader("x-forwarded-for", req.ip);
        proxyReq.setHeader("x-request-id", String(res.getHeader("x-request-id") ?? ""));
        if (locals.maintenanceAuthorization)
          proxyReq.setHeader("authorization", locals.maintenanceAuthorization);
        for (const [name, value] of Object.entries(locals.identityHeaders)) {
          proxyReq.setHeader(name, value);
        }
        proxyReq.setTimeout(options.timeoutMs, () => {
          r.upstreamTimedOut = true;
          proxyReq.destroy(new Error("upstream timeout"));
        });
      },
      proxyRes(proxyRes, req, res) {
        const r = req as unknown as ProxiedRequest;
        const status = proxyRes.statusCode ?? 502;
        const elapsed = (performance.now() - (r.proxyStarted ?? performance.now())) / 1000;
        options.metrics.upstreamDuration.observe({ service: "proxy", status: String(status) }, elapsed);
        const type = String(proxyRes.headers["content-type"] ?? "");
        if (status >= 500 && !type.includes("json")) {
          options.metrics.upstreamErrors.inc({ service: "proxy", kind: "invalid" });
          proxyRes.resume();
          sendError(res, 502);
          return;
        }
        const rewrite = locationRewriter([res.locals.portalTenant.upstreamHost, targetHost]);
        res.writeHead(status, browserResponseHeaders(proxyRes.headers, rewrite));
        proxyRes.pipe(res);
      },
      error(error, req, res) {
        const r = req as unknown as ProxiedRequest;
        const timedOut = r.upstreamTimedOut === true;
        options.metrics.upstreamErrors.inc({ service: "proxy", kind: timedOut ? "timeout" : "network" });
        options.logger.warn(
          { err: { message: error.message, code: (error as NodeJS.ErrnoException).code } },
          "proxy error",
        );
        if ("writeHead" in res) sendError(res, timedOut ? 504 : 502);
      },
    },
  });
  return proxy as unknown as RequestHandler;
}
