import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { redactText, redactUrl } from "#shared/redact.ts";
import { FISCAL_CODE_PATTERN } from "#shared/validation/fiscal-code.ts";
import { isProbeTarget } from "#server/operational-paths.ts";

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
/** nginx's `$request_id`, what the shipped configuration names a request by when the client sent no id. */
const NGINX_REQUEST_ID = /^[0-9a-f]{32}$/;
const FISCAL_CODE = new RegExp(FISCAL_CODE_PATTERN.source, "i");

/**
 * A client's (or front proxy's) own request id, kept when well formed and free of anything the logs redact: an id
 * spelling a fiscal code would otherwise be logged as sent. nginx's random ids are kept unless they spell a fiscal
 * code: one in ~39 holds a run of 11 or 15+ digits, which the redaction takes for a company number or a payment
 * notice's code, and refusing it named the portal's log line otherwise than nginx's log and the answer's
 * `X-Request-Id`.
 */
export function isKeptRequestId(incoming: string | string[] | undefined): incoming is string {
  if (typeof incoming !== "string" || !REQUEST_ID.test(incoming)) return false;
  if (NGINX_REQUEST_ID.test(incoming)) return !FISCAL_CODE.test(incoming);
  return redactText(incoming) === incoming;
}

/**
 * A 503 with `Retry-After` is an announced unavailability (the maintenance gate): an expected answer, not a failure.
 */
export function isAnnouncedUnavailability(res: ServerResponse): boolean {
  return res.statusCode === 503 && res.getHeader("retry-after") !== undefined;
}

/**
 * pino-http logs every 5xx with an Error it makes up ("failed with status code 503") and its stack, which points
 * into pino-http and says nothing: only a real error (`res.err`, a failed response stream) deserves an `err`.
 */
function isMadeUpError(res: ServerResponse, error: Error): boolean {
  return (
    (res as ServerResponse & { err?: unknown }).err === undefined &&
    error.message === `failed with status code ${res.statusCode}`
  );
}

/**
 * Access log with a request id. Only method, redacted URL, status and timing are logged: no headers at all, so
 * cookies, Authorization, identity headers, fiscal codes and appointment hashes cannot leak through it. Answers are
 * logged at info (4xx and the maintenance 503 included, without a stack); only real failures (other 5xx, a broken
 * response) at error.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers["x-request-id"];
      const id = isKeptRequestId(incoming) ? incoming : randomUUID();
      res.setHeader("x-request-id", id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customProps: (_req, res) => ({
      tenant: (res as ServerResponse & { locals?: { portalTenant?: { id: string } } }).locals?.portalTenant
        ?.id,
    }),
    customLogLevel: (_req, res, error) =>
      error || (res.statusCode >= 500 && !isAnnouncedUnavailability(res)) ? "error" : "info",
    customErrorObject: (_req, res, error, value: Record<string, unknown>) => {
      if (!isMadeUpError(res, error)) return value;
      const { err: _madeUp, ...rest } = value;
      return rest;
    },
    customErrorMessage: (_req, res) =>
      isAnnouncedUnavailability(res) ? "request completed" : "request errored",
    autoLogging: { ignore: (req) => isProbeTarget(req.url) },
    quietReqLogger: true,
  });
}
