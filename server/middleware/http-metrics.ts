import type { RequestHandler } from "express";
import type { Metrics } from "#server/observability/metrics.ts";
import { isAssetPath, isOperationsPath } from "#server/operational-paths.ts";

/** A small, bounded set of route labels: never raw paths (they would explode cardinality and carry personal data). */
export function routeLabel(path: string): string {
  if (path.startsWith("/api-public/")) return "proxy:api-public";
  if (path.startsWith("/api/")) return "proxy:api";
  if (path.startsWith("/geocoding/")) return "geocoding";
  if (isAssetPath(path)) return "asset";
  if (isOperationsPath(path)) return "operations";
  if (path.endsWith(".data")) return "page-data";
  return "page";
}

export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      metrics.httpDuration.observe(
        { route: routeLabel(req.path), method: req.method, status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
