import type { RequestHandler } from "express";
import { redactUrl } from "#shared/redact.ts";

export type SandboxLogger = { info(o: object, m?: string): void };

/**
 * One line per request: method, path, status, duration. No query, cookies or headers; the path is redacted like the
 * portal's access log (fiscal codes, company numbers, appointment hashes; see shared/redact.ts).
 */
export function createRequestLog(logger: SandboxLogger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      const path = redactUrl(req.originalUrl.split("?")[0] ?? "");
      const ms = Math.round(performance.now() - started);
      logger.info({ method: req.method, path, status: res.statusCode, ms }, "sandbox request");
    });
    next();
  };
}
