import type { ServerResponse } from "node:http";
import type express from "express";
import { requestLogging } from "../middleware/request-logging.ts";
import { proxyAccessLog, requestIds } from "../observability/access-log.ts";
import { cspNonce, securityHeaders, setNonDocumentHeaders } from "../middleware/security-headers.ts";
import { httpMetrics } from "../middleware/http-metrics.ts";
import { limitRequestBody, type RefusalHeaders } from "../middleware/request-body.ts";
import { flatChain } from "../middleware/flat-chain.ts";
import { PROXIED_PATH } from "../proxy/path-guard.ts";
import { createLagMonitor, shedOverload } from "../middleware/overload.ts";
import { tileOrigin } from "#shared/map-tiles.ts";
import type { AppContext } from "./context.ts";

/** The policy of a relayed answer that brings none of its own (JSON, an upstream's error page, a redirect). */
export const RELAYED_ANSWER_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * What every request goes through, pages and proxied calls alike: its access log line (proxied calls the lean one:
 * same fields, no per-request child logger; pages pino-http), metrics, the body limit (before anything can read a
 * body: counts its bytes as they arrive and keeps its first ones for the XSRF check) and overload shedding (new page
 * and API reads get a 503 at once under sustained lag with reads in flight, or past the cap; health, assets, the
 * route manifest and login/logout never). One instance of each serves both paths (one in-flight count). Also the
 * headers of a document and of a proxied answer.
 */
export function requestGate({ deps, env, logger, metrics, production, behindTls }: AppContext) {
  const documentHeaders = flatChain([
    cspNonce(),
    securityHeaders({
      production,
      behindTls,
      devConnectSrc: production ? [] : ["ws:"],
      devFormAction: production ? [] : ["http://127.0.0.1:*", "http://localhost:*"],
      demoCheckoutOrigin: deps.sandbox ? new URL(deps.upstreamUrl).origin : undefined,
      tileOrigin: deps.mapTileUrl ? tileOrigin(deps.mapTileUrl) : undefined,
    }),
  ]);
  const proxiedAnswerHeaders = (res: ServerResponse) => {
    setNonDocumentHeaders(res, behindTls);
    res.setHeader("referrer-policy", "strict-origin-when-cross-origin");
    // Served under the portal's origin: an answer opened as a document runs nothing and is framed by nobody, unless
    // the upstream gave it a policy of its own (its answer's headers replace this one: header-hygiene.ts).
    res.setHeader("content-security-policy", RELAYED_ANSWER_POLICY);
  };
  // A 413 and a shed 503 are answered here, before the middleware that sets the headers of every other answer: they
  // set them too (the nonce, CSP and helmet's set are synchronous), a page's or a proxied answer's.
  const refusalHeaders: RefusalHeaders = (req, res) =>
    PROXIED_PATH.test(req.path)
      ? proxiedAnswerHeaders(res)
      : documentHeaders(req as express.Request, res as express.Response, () => undefined);
  const limitBody = limitRequestBody(
    { limit: env.BODY_LIMIT, uploadLimit: env.UPLOAD_LIMIT },
    refusalHeaders,
  );
  const lag =
    deps.lag ?? (env.SHED_LAG_MS > 0 ? createLagMonitor({ window: env.SHED_LAG_WINDOW }).lag : () => 0);
  const shed = shedOverload({
    lag,
    thresholdMs: env.SHED_LAG_MS,
    retryAfterS: env.SHED_RETRY_AFTER_S,
    lagMinInFlight: env.SHED_LAG_MIN_IN_FLIGHT,
    maxInFlight: env.SHED_MAX_IN_FLIGHT,
    metrics,
    setHeaders: refusalHeaders,
  });
  return {
    pageLog: logger.isLevelEnabled("error") ? requestLogging(logger) : requestIdOnly(),
    proxyLog: proxyAccessLog(logger),
    countRequest: httpMetrics(metrics),
    documentHeaders,
    proxiedAnswerHeaders,
    limitBody,
    shed,
  };
}

export type RequestGate = ReturnType<typeof requestGate>;

/**
 * The pages' access log when the logger writes nothing at all (`LOG_LEVEL=silent`): no pino-http (its per-request
 * child logger and serializers cost a cached page more than serving it), only the request id, as the proxy's lean log.
 */
function requestIdOnly(): express.RequestHandler {
  const nextId = requestIds();
  return (req, res, next) => {
    res.setHeader("x-request-id", nextId(req.headers["x-request-id"]));
    next();
  };
}
