import type { RequestHandler } from "express";
import { NO_MUNICIPALITY, type Metrics } from "#server/observability/metrics.ts";
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

/**
 * Each answer's duration, and the per-municipality request and error counters (`municipality`: the id the tenant
 * middleware resolved, from the tenants file, or `none`): an error is a 5xx other than a read shed under overload.
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      const route = routeLabel(req.path);
      metrics.httpDuration.observe(
        { route, method: req.method, status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
      const municipality = res.locals.portalTenant?.id ?? NO_MUNICIPALITY;
      metrics.requests.inc({ municipality, route, code: `${Math.floor(res.statusCode / 100)}xx` });
      if (res.statusCode >= 500 && !res.locals.shed) metrics.errors.inc({ municipality, route });
    });
    next();
  };
}
