import { randomBytes } from "#server/security/random-bytes.ts";
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { redactUrl } from "#shared/redact.ts";
import { isAnnouncedUnavailability, isKeptRequestId } from "#server/middleware/request-logging.ts";

/**
 * A request id for the fast path: a random per-process prefix and a counter (unique within the process, without a
 * random UUID per request). A client's own id is kept when it is well formed.
 */
export function requestIds(): (incoming: string | string[] | undefined) => string {
  const prefix = randomBytes(8).toString("hex");
  let counter = 0;
  return (incoming) =>
    isKeptRequestId(incoming)
      ? incoming
      : `${prefix}-${(counter = (counter + 1) % Number.MAX_SAFE_INTEGER).toString(36)}`;
}

/**
 * The request id of a lean-proxy request (`proxyAccessLog` set it), for the lane's other log lines: every line of a
 * request carries it as `reqId`, as the pages' lines do (pino-http's child logger).
 */
export function requestIdOf(res: { locals: Response["locals"] }): string | undefined {
  return res.locals.reqId as string | undefined;
}

/**
 * The access log of the lean proxy (docs/decisions/lean-proxy.md): the same line as the pages' access log (request
 * id, method, redacted URL, status, duration in ms, tenant; no headers, so no cookie, Authorization, identity header
 * or fiscal code) written straight through the logger: no per-request child logger, no work at all when neither
 * info nor error lines are enabled. 5xx answers (except the announced maintenance 503) and answers cut off before
 * they finished are logged at error, the others at info.
 */
export function proxyAccessLog(logger: Logger): RequestHandler {
  const nextId = requestIds();
  return (req, res, next) => {
    const id = nextId(req.headers["x-request-id"]);
    res.setHeader("x-request-id", id);
    res.locals.reqId = id;
    if (!logger.isLevelEnabled("error")) return next();
    const started = performance.now();
    res.once("close", () => {
      const finished = res.writableFinished;
      const failed = !finished || (res.statusCode >= 500 && !isAnnouncedUnavailability(res));
      if (!failed && !logger.isLevelEnabled("info")) return;
      const line = {
        reqId: id,
        req: { id, method: req.method, url: redactUrl(req.originalUrl) },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
        tenant: (res.locals.portalTenant as { id: string } | undefined)?.id,
      };
      if (!finished) logger.error(line, "request aborted");
      else if (failed) logger.error(line, "request errored");
      else logger.info(line, "request completed");
    });
    next();
  };
}
