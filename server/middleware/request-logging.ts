import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { redactUrl } from "#server/observability/redact.ts";

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Access log with a request id. Only method, redacted URL, status and timing are logged: no headers at all, so
 * cookies, Authorization, identity headers and fiscal codes cannot leak through it.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
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
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    quietReqLogger: true,
  });
}
