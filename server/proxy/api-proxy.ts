import {
  Agent,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from "node:http";
import { request as httpsRequest } from "node:https";
import type { Request, RequestHandler, Response } from "express";
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

type ExpressRes = ServerResponse & { locals: Response["locals"] };

const MESSAGES = {
  502: "Il servizio del Comune non è raggiungibile in questo momento. Riprova tra qualche minuto.",
  504: "Il servizio del Comune non ha risposto in tempo. Riprova tra qualche minuto.",
};
const ERROR_BODIES = {
  502: JSON.stringify({ status: 502, title: MESSAGES[502], details: [] }),
  504: JSON.stringify({ status: 504, title: MESSAGES[504], details: [] }),
};

function sendError(res: ServerResponse, status: 502 | 504) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(ERROR_BODIES[status]);
}

/** A Location header that names the upstream's own host (the tenant's or the target's) becomes a path on the portal. */
export function rewriteLocation(location: string, upstreamHosts: readonly string[]): string {
  if (location.startsWith("/") && !location.startsWith("//")) return location;
  try {
    const url = new URL(location);
    if (upstreamHosts.includes(url.host)) return url.pathname + url.search + url.hash;
  } catch {
    // relative already
  }
  return location;
}

const keepLocation = (location: string) => location;

/**
 * Request headers never relayed as the client sent them: hop-by-hop headers (about the browser's own connection,
 * not the pooled one upstream; the body's framing, `content-length`/`transfer-encoding`, is kept), `host` (the
 * target's), and `cookie` (relayed without the portal's own cookies).
 */
const NOT_RELAYED = new Set([
  "host",
  "cookie",
  "connection",
  "keep-alive",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "upgrade",
]);

const IDLE_TIMEOUT = "upstream timeout";
const DEADLINE = "upstream deadline";

/**
 * Streams `/api/*` and `/api-public/*` to the municipality's upstream (docs/decisions/lean-proxy.md): a hand-written
 * pipe over `http.request` and the pooled keep-alive agent. Client-chosen forwarding, authorization and identity
 * headers are dropped; the portal sets the tenant host, the trusted identity headers and the maintenance credential.
 * Answers are relayed as they come, except upstream 5xx pages that are not JSON. Paths with dot segments, `;`
 * parameters or suspicious escapes are refused before the upstream sees them; every answer has an idle timeout and a
 * total deadline (504 before the headers, a cut-off answer after). A client that leaves aborts the upstream request.
 */
export function apiProxy(options: ApiProxyOptions): RequestHandler {
  const target = new URL(options.target);
  const targetHost = target.host;
  const basePath = target.pathname.replace(/\/$/, "");
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const port = target.port || (target.protocol === "https:" ? "443" : "80");
  const hostname = target.hostname.replace(/^\[|\]$/g, "");
  const trusted = options.trustedIdentityHeaders;
  const { metrics, logger, timeoutMs, deadlineMs } = options;
  const guard = guardProxyPath((reason) => logger.warn({ reason }, "proxy path refused"));

  function relay(req: Request, res: ExpressRes): void {
    const started = performance.now();
    const locals = res.locals;
    const headers: OutgoingHttpHeaders = {};
    const incoming = req.headers;
    for (const name in incoming) {
      if (NOT_RELAYED.has(name) || isPortalOwnedHeader(name, trusted)) continue;
      headers[name] = incoming[name];
    }
    headers.host = targetHost;
    const cookie = upstreamCookieHeader(locals.cookies);
    if (cookie) headers.cookie = cookie;
    headers["x-forwarded-host"] = locals.portalTenant.upstreamHost;
    headers["x-forwarded-proto"] = req.protocol;
    const ip = req.ip;
    if (ip) headers["x-forwarded-for"] = ip;
    headers["x-request-id"] = String(res.getHeader("x-request-id") ?? "");
    if (locals.maintenanceAuthorization) headers.authorization = locals.maintenanceAuthorization;
    const identity = locals.identityHeaders;
    for (const name in identity) headers[name] = identity[name];

    /** Why the upstream request was destroyed by the portal itself, if it was. */
    let cause: typeof IDLE_TIMEOUT | typeof DEADLINE | "streaming-deadline" | "client-gone" | undefined;
    /** The upstream answer was relayed (or drained) to its end: nothing left to abort. */
    let upstreamDone = false;

    const proxyReq = send({
      hostname,
      port,
      method: req.method,
      path: basePath + req.url,
      headers,
      ...(options.agent ? { agent: options.agent } : {}),
    });

    proxyReq.setTimeout(timeoutMs, () => {
      cause ??= IDLE_TIMEOUT;
      proxyReq.destroy(new Error(IDLE_TIMEOUT));
    });
    const deadline = setTimeout(() => {
      if (res.destroyed || res.writableFinished) return;
      if (!res.headersSent) {
        cause = DEADLINE;
        proxyReq.destroy(new Error(DEADLINE));
        return;
      }
      cause = "streaming-deadline";
      metrics.upstreamErrors.inc({ service: "proxy", kind: "deadline" });
      logger.warn({ deadlineMs }, "proxy deadline passed while streaming the answer: cut off");
      res.destroy();
      proxyReq.destroy();
    }, deadlineMs);

    res.once("close", () => {
      clearTimeout(deadline);
      // The client left (or the answer was given by someone else, e.g. a 413): the upstream need not go on.
      if (!upstreamDone && !proxyReq.destroyed) {
        cause ??= "client-gone";
        proxyReq.destroy();
      }
    });

    proxyReq.on("error", (error: NodeJS.ErrnoException) => {
      if (cause === "streaming-deadline" || cause === "client-gone") return;
      const kind = cause === DEADLINE ? "deadline" : cause === IDLE_TIMEOUT ? "timeout" : "network";
      metrics.upstreamErrors.inc({ service: "proxy", kind });
      logger.warn({ error: { message: error.message, code: error.code } }, "proxy error");
      if (res.writableEnded) return;
      sendError(res, kind === "network" ? 502 : 504);
    });

    proxyReq.on("response", (proxyRes: IncomingMessage) => {
      const status = proxyRes.statusCode ?? 502;
      metrics.upstreamDuration.observe(
        { service: "proxy", status: String(status) },
        (performance.now() - started) / 1000,
      );
      if (res.writableEnded) {
        // answered already (a refused body): drop the upstream's answer
        upstreamDone = true;
        proxyRes.resume();
        return;
      }
      const type = proxyRes.headers["content-type"];
      if (status >= 500 && !(type ?? "").includes("json")) {
        metrics.upstreamErrors.inc({ service: "proxy", kind: "invalid" });
        upstreamDone = true;
        proxyRes.resume();
        sendError(res, 502);
        return;
      }
      const rewrite =
        proxyRes.headers.location === undefined
          ? keepLocation
          : (location: string) => rewriteLocation(location, [locals.portalTenant.upstreamHost, targetHost]);
      const secure = options.secureCookies === true || req.secure;
      const out = browserResponseHeaders(proxyRes.headers, rewrite, { secure });
      // writeHead would replace the portal's own cookies (the XSRF token) with the upstream's: keep both.
      const own = res.getHeader("set-cookie");
      if (own !== undefined && out["set-cookie"] !== undefined) {
        out["set-cookie"] = [own, out["set-cookie"]].flat().map(String);
      }
      res.writeHead(status, out);
      proxyRes.once("end", () => {
        upstreamDone = true;
      });
      // The upstream went away in the middle of its answer: the browser must see a cut-off answer, not a short one.
      proxyRes.once("aborted", () => res.destroy());
      proxyRes.once("error", () => res.destroy());
      proxyRes.pipe(res);
    });

    // The body streams as it arrives; the body limit (mounted first) counts it and answers 413 past the limit.
    const length = incoming["content-length"];
    if (incoming["transfer-encoding"] !== undefined || (length !== undefined && length !== "0"))
      req.pipe(proxyReq);
    else proxyReq.end();
  }

  return (req, res, next) =>
    guard(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!PROXIED_PATH.test(req.path)) return next();
      relay(req, res as unknown as ExpressRes);
    });
}
