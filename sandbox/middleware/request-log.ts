import type { RequestHandler } from "express";
import { fiscalCodePattern } from "../fiscal-code.ts";

export type SandboxLogger = { info(o: object, m?: string): void };

/** One line per request: method, path with fiscal codes masked, status, duration. No query, cookies or headers. */
export function createRequestLog(logger: SandboxLogger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      const path = (req.originalUrl.split("?")[0] ?? "").replace(fiscalCodePattern, "[CF]");
      const ms = Math.round(performance.now() - started);
      logger.info({ method: req.method, path, status: res.statusCode, ms }, "sandbox request");
    });
    next();
  };
}
