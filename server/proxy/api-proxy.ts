import { Agent, type IncomingMessage, type ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import type { Logger } from "pino";
import type { Metrics } from "#server/observability/metrics.ts";
import { browserResponseHeaders, isPortalOwnedHeader, upstreamCookieHeader } from "./header-hygiene.ts";
import { PROXIED_PATH, guardProxyPath } from "./path-guard.ts";

export type ApiProxyOptions = {
  /** Mark relayed cookies `Secure` (production behind TLS); they are also whenever the request came over TLS. */
  secureCookies?: boolean;
  target: string;
  /** Idle timeout: the longest silence from the upstream, while connecting or while streaming. */
  timeoutMs: number;
  /** Total deadline for a proxied answer, counted from the start of the upstream request, body included. */
  deadlineMs: number;
  trustedIdentityHeaders: readonly string[];
  metrics: Metrics;
  logger: Logger;
  /** The keep-alive pool to the upstream (see `upstreamAgent`); without it every proxied request opens a connection. */
  agent?: Agent;
};

/**
 * The proxy's connection pool to the upstream: keep-alive, at most `maxSockets` connections at once (more requests
 * wait for a free one), at most half of them kept idle, and an idle socket closed after `keepAliveMs` — below the
 * upstream's own keep-alive timeout (65 s for the sandbox, Node's default 5 s elsewhere), so the portal never
 * reuses a socket the upstream is closing at that very moment.
 */
export function upstreamAgent(options: { keepAliveMs: number; maxSockets: number }): Agent {
  return new Agent({
    keepAlive: true,
    keepAliveMsecs: 1000,
    maxSockets: options.maxSockets,
    maxFreeSockets: Math.max(1, Math.floor(options.maxSockets / 2)),
    timeout: options.keepAliveMs,
    scheduling: "lifo",
  });
}

type ProxiedRequest = IncomingMessage & {
  upstreamTimedOut?: boolean;
  /** Set when the total deadline passed: before the answer's headers were sent, or while streaming its body. */
  upstreamDeadline?: "before-headers" | "streaming";
  proxyStarted?: number;
};
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
 * credential. Answers are relayed as they come, except upstream 5xx pages that are not JSON. Paths with dot
 * segments, `;` parameters or suspicious escapes are refused before the upstream sees them; every answer has an
 * idle timeout and a total deadline (504 before the headers, a cut-off answer after).
 */
export function apiProxy(options: ApiProxyOptions): RequestHandler {
  const targetHost = new URL(options.target).host;
  const proxy = createProxyMiddleware<Request, ExpressRes>({
    target: options.target,
    changeOrigin: true,
    ...(options.agent ? { agent: options.agent } : {}),
    pathFilter: (path) => PROXIED_PATH.test(path),
    selfHandleResponse: true,
    on: {
      proxyReq(proxyReq, req, res) {
        const r = req as unknown as ProxiedRequest;
        r.proxyStarted = performance.now();
        for (const name of proxyReq.getHeaderNames()) {
          if (isPortalOwnedHeader(name, options.trustedIdentityHeaders)) proxyReq.removeHeader(name);
        }
        // Hop-by-hop: the browser's `Connection: close` is about its own connection, not the pooled one upstream.
        if (options.agent) {
          proxyReq.removeHeader("connection");
          proxyReq.removeHeader("keep-alive");
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
        const deadline = setTimeout(() => {
          if (res.destroyed || res.writableFinished) return;
          if (!res.headersSent) {
            r.upstreamDeadline = "before-headers";
            proxyReq.destroy(new Error("upstream deadline"));
            return;
          }
          r.upstreamDeadline = "streaming";
          options.metrics.upstreamErrors.inc({ service: "proxy", kind: "deadline" });
          options.logger.warn(
            { deadlineMs: options.deadlineMs },
            "proxy deadline passed while streaming the answer: cut off",
          );
          res.destroy();
          proxyReq.destroy();
        }, options.deadlineMs);
        res.once("close", () => clearTimeout(deadline));
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
        const secure = options.secureCookies === true || (req as unknown as Request).secure;
        const headers = browserResponseHeaders(proxyRes.headers, rewrite, { secure });
        // writeHead would replace the portal's own cookies (the XSRF token) with the upstream's: keep both.
        const own = res.getHeader("set-cookie");
        if (own !== undefined && headers["set-cookie"] !== undefined) {
          headers["set-cookie"] = [own, headers["set-cookie"]].flat().map(String);
        }
        res.writeHead(status, headers);
        proxyRes.pipe(res);
      },
      error(error, req, res) {
        const r = req as unknown as ProxiedRequest;
        // already counted and logged when the deadline cut the answer off
        if (r.upstreamDeadline === "streaming") return;
        const deadline = r.upstreamDeadline === "before-headers";
        const timedOut = deadline || r.upstreamTimedOut === true;
        options.metrics.upstreamErrors.inc({
          service: "proxy",
          kind: deadline ? "deadline" : timedOut ? "timeout" : "network",
        });
        options.logger.warn(
          { error: { message: error.message, code: (error as NodeJS.ErrnoException).code } },
          "proxy error",
        );
        if ("writeHead" in res) sendError(res, timedOut ? 504 : 502);
      },
    },
  });
  const guard = guardProxyPath((reason) => options.logger.warn({ reason }, "proxy path refused"));
  const relay = proxy as unknown as RequestHandler;
  return (req, res, next) =>
    guard(req, res, (error?: unknown) => {
      if (error) return next(error);
      return relay(req, res, next);
    });
}
