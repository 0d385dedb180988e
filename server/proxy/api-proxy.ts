import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { Pool, type Dispatcher } from "undici";
import type { Metrics } from "#server/observability/metrics.ts";
import { requestIdOf } from "#server/observability/access-log.ts";
import { browserResponseHeaders, isPortalOwnedHeader, upstreamCookieHeader } from "./header-hygiene.ts";
import { PROXIED_PATH } from "./path-guard.ts";
import { LOCALES, type Locale } from "#shared/locale.ts";
import { requestLocale, serverText } from "#server/texts.ts";

export type ApiProxyOptions = {
  /** Mark relayed cookies `Secure` (production behind TLS); they are also whenever the request came over TLS. */
  secureCookies?: boolean;
  target: string;
  /** Connecting, then the answer's headers, must each take at most this; so may any silence within its body. */
  timeoutMs: number;
  /** Total deadline for a proxied answer, counted from the start of the upstream request, body included. */
  deadlineMs: number;
  trustedIdentityHeaders: readonly string[];
  metrics: Metrics;
  logger: Logger;
  /** The keep-alive pool to the upstream (see `upstreamPool`). */
  pool: Dispatcher;
};

/**
 * The proxy's connection pool to the upstream (undici, docs/decisions/lean-proxy.md): keep-alive, at most
 * `maxSockets` connections at once (more requests wait for a free one), an idle connection closed after
 * `keepAliveMs` — or sooner when the upstream's `Keep-Alive` says so — below the upstream's own keep-alive timeout
 * (65 s for the sandbox, Node's default 5 s elsewhere), so the portal never reuses a connection the upstream is
 * closing at that very moment. Connecting counts against the idle timeout. Works for `http:` and `https:` targets.
 */
export function upstreamPool(
  target: string,
  options: { keepAliveMs: number; maxSockets: number; connectTimeoutMs: number },
): Dispatcher {
  return new Pool(new URL(target).origin, {
    connections: options.maxSockets,
    pipelining: 1,
    keepAliveTimeout: options.keepAliveMs,
    keepAliveMaxTimeout: options.keepAliveMs,
    connectTimeout: options.connectTimeoutMs,
  });
}

type ExpressRes = ServerResponse & { locals: Response["locals"] };

/** The relay's failures, written once per language (server/texts.ts). */
const ERROR_BODIES = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    {
      502: JSON.stringify({
        status: 502,
        title: serverText(locale, "server.upstream.unreachable"),
        details: [],
      }),
      504: JSON.stringify({ status: 504, title: serverText(locale, "server.upstream.504"), details: [] }),
    },
  ]),
) as Record<Locale, Record<502 | 504, string>>;

function sendError(res: ServerResponse & { req: IncomingMessage }, status: 502 | 504) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(ERROR_BODIES[requestLocale(res.req, res as { locals?: Partial<Response["locals"]> })][status]);
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
 * not the pooled one upstream), the body's framing (`transfer-encoding`: the pool frames the body again; a
 * `content-length` is kept and checked against the body), `expect` (Node's server has answered it already), `host`
 * (the target's), and `cookie` (relayed without the portal's own cookies).
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
  "transfer-encoding",
  "upgrade",
  "expect",
]);

type Failure = "network" | "timeout" | "deadline";

/** The reason given to the pool when the portal gives up an upstream request (the client left, a 413, a deadline). */
const ABANDONED = new Error("abandoned by the portal");

/** undici's timeouts (connecting, waiting for the headers, silence in the body) are the proxy's idle timeout. */
const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

function firstValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** What every relayed exchange shares: the target, its limits, where it reports. */
type RelayConfig = {
  target: URL;
  targetHost: string;
  basePath: string;
  options: ApiProxyOptions;
};

/**
 * The headers sent upstream: the client's, without the hop-by-hop ones and those the portal owns, then the portal's
 * (the target host, the upstream's own cookies, forwarding, the request id, the maintenance credential and the
 * trusted identity headers).
 */
function upstreamRequestHeaders(
  { targetHost, options }: RelayConfig,
  req: Request,
  res: ExpressRes,
): Record<string, string | string[]> {
  const locals = res.locals;
  const headers: Record<string, string | string[]> = {};
  const incoming = req.headers;
  for (const name in incoming) {
    const value = incoming[name];
    if (
      value === undefined ||
      NOT_RELAYED.has(name) ||
      isPortalOwnedHeader(name, options.trustedIdentityHeaders)
    )
      continue;
    headers[name] = value;
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
  for (const name in identity) headers[name] = identity[name]!;
  return headers;
}

/**
 * The body streams as it arrives; the body limit (mounted first) counts it and answers 413 past the limit. It goes
 * through a pass-through so that the pool, abandoning a request, never destroys the browser's socket.
 */
function requestBody(req: Request): PassThrough | null {
  const length = req.headers["content-length"];
  if (req.headers["transfer-encoding"] === undefined && (length === undefined || length === "0")) return null;
  const body = new PassThrough();
  req.pipe(body);
  return body;
}

/** The headers of the answer to the browser: the upstream's, cleaned, with the portal's own cookies kept. */
function browserAnswerHeaders(
  { targetHost, options }: RelayConfig,
  req: Request,
  res: ExpressRes,
  upstreamHeaders: IncomingHttpHeaders,
): OutgoingHttpHeaders {
  const location = upstreamHeaders.location;
  const rewrite =
    location === undefined
      ? keepLocation
      : (value: string) => rewriteLocation(value, [res.locals.portalTenant.upstreamHost, targetHost]);
  const secure = options.secureCookies === true || req.protocol === "https";
  const out: OutgoingHttpHeaders = browserResponseHeaders(upstreamHeaders, rewrite, { secure });
  // writeHead would replace the portal's own cookies (the XSRF token) with the upstream's: keep both.
  const own = res.getHeader("set-cookie");
  if (own !== undefined && out["set-cookie"] !== undefined) {
    out["set-cookie"] = [own, out["set-cookie"]].flat().map(String);
  }
  return out;
}

/** One exchange's state, and how it ends for a reason of the portal's or the network's. */
function exchangeState(config: RelayConfig, res: ExpressRes) {
  const { metrics, logger, deadlineMs } = config.options;
  const state = {
    /** undici's handle on the request, once it has a connection (a request may wait for one in the pool). */
    controller: undefined as Dispatcher.DispatchController | undefined,
    /** The upstream request is over: answered to its end, failed, or abandoned by the portal. */
    settled: false,
    /** The upstream's answer is being ignored (the browser was answered by someone else, or got a 502). */
    ignoring: false,
    abandon() {
      state.settled = true;
      state.controller?.abort(ABANDONED);
    },
    /** Ends the exchange: 502/504 before the headers, cut off after. */
    fail(kind: Failure, error: { message: string; code?: string }) {
      if (state.settled) return;
      state.abandon();
      metrics.upstreamErrors.inc({ service: "proxy", kind });
      if (res.headersSent) {
        if (kind === "deadline")
          logger.warn(
            { reqId: requestIdOf(res), deadlineMs },
            "proxy deadline passed while streaming the answer: cut off",
          );
        else if (!state.ignoring)
          logger.warn(
            { reqId: requestIdOf(res), error: { message: error.message, code: error.code } },
            "proxy answer cut off",
          );
        res.destroy();
        return;
      }
      logger.warn(
        { reqId: requestIdOf(res), error: { message: error.message, code: error.code } },
        "proxy error",
      );
      if (!res.writableEnded) sendError(res, kind === "network" ? 502 : 504);
    },
    deadline: setTimeout(
      () => state.fail("deadline", { message: "upstream deadline", code: "PORTAL_DEADLINE" }),
      deadlineMs,
    ),
  };
  res.once("close", () => {
    clearTimeout(state.deadline);
    // The client left (or the answer was given by someone else, e.g. a 413): the upstream need not go on.
    if (!state.settled && !state.ignoring) state.abandon();
  });
  return state;
}

type Exchange = ReturnType<typeof exchangeState>;

/** undici's callbacks: the answer relayed as it comes (5xx pages that are not JSON become a 502), with backpressure. */
function answerHandler(
  config: RelayConfig,
  req: Request,
  res: ExpressRes,
  exchange: Exchange,
  started: number,
): Dispatcher.DispatchHandler {
  const { metrics } = config.options;
  return {
    onRequestStart(c) {
      exchange.controller = c;
      if (exchange.settled) c.abort(ABANDONED);
    },
    onResponseStart(_c, status, upstreamHeaders: IncomingHttpHeaders) {
      metrics.upstreamDuration.observe(
        { service: "proxy", status: String(status) },
        (performance.now() - started) / 1000,
      );
      if (res.writableEnded) {
        // answered already (a refused body): let the upstream's answer run out
        exchange.ignoring = true;
        return;
      }
      if (status >= 500 && !firstValue(upstreamHeaders["content-type"]).includes("json")) {
        metrics.upstreamErrors.inc({ service: "proxy", kind: "invalid" });
        exchange.ignoring = true;
        sendError(res, 502);
        return;
      }
      res.writeHead(status, browserAnswerHeaders(config, req, res, upstreamHeaders));
    },
    onResponseData(c, chunk) {
      if (exchange.ignoring || exchange.settled) return;
      if (!res.write(chunk) && !c.paused) {
        c.pause();
        res.once("drain", () => c.resume());
      }
    },
    onResponseEnd() {
      exchange.settled = true;
      clearTimeout(exchange.deadline);
      if (!exchange.ignoring && !res.writableEnded) res.end();
    },
    onResponseError(_c, error: Error & { code?: string }) {
      if (exchange.settled) return;
      // The upstream went away in the middle of its answer: the browser must see a cut-off answer, not a short one.
      exchange.fail(error.code !== undefined && TIMEOUT_CODES.has(error.code) ? "timeout" : "network", error);
    },
  };
}

function relay(config: RelayConfig, req: Request, res: ExpressRes): void {
  const started = performance.now();
  const headers = upstreamRequestHeaders(config, req, res);
  const exchange = exchangeState(config, res);
  const handler = answerHandler(config, req, res, exchange, started);
  const body = requestBody(req);
  const { timeoutMs, pool } = config.options;
  try {
    pool.dispatch(
      {
        origin: config.target.origin,
        method: req.method as Dispatcher.HttpMethod,
        path: config.basePath + req.url,
        headers,
        body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      },
      handler,
    );
  } catch (error) {
    exchange.fail("network", error as Error & { code?: string });
  }
}

/**
 * Streams `/api/*` and `/api-public/*` to the municipality's upstream (docs/decisions/lean-proxy.md): a hand-written
 * relay over undici's keep-alive pool, with no stream between the two sockets for the answer. Client-chosen
 * forwarding, authorization and identity headers are dropped; the portal sets the tenant host, the trusted identity
 * headers and the maintenance credential. Answers are relayed as they come, except upstream 5xx pages that are not
 * JSON. What may be relayed at all was decided before (the path guard, then the allow list: `proxy-gate.ts`);
 * every answer has an idle timeout and a total deadline (504 before the headers, a cut-off answer after). A client
 * that leaves aborts the upstream request.
 */
export function apiProxy(options: ApiProxyOptions): RequestHandler {
  const target = new URL(options.target);
  const config: RelayConfig = {
    target,
    targetHost: target.host,
    basePath: target.pathname.replace(/\/$/, ""),
    options,
  };
  return (req, res, next) => {
    if (!PROXIED_PATH.test(req.path)) return next();
    relay(config, req, res as unknown as ExpressRes);
  };
}
