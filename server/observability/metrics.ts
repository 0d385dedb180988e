import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export type Metrics = ReturnType<typeof createMetrics>;

/** One registry per app instance, so tests can build many apps without clashing names. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const upstreamErrors = new Counter({
    name: "portal_upstream_errors_total",
    help: "Failed calls to the upstream (network, timeout, 5xx, invalid answer), by service and kind",
    labelNames: ["service", "kind"] as const,
    registers: [registry],
  });
  /** When an upstream call last failed (performance.now()): the page cache stores nothing and serves stale pages around it. */
  const upstreamHealth = { lastFailureAt: Number.NEGATIVE_INFINITY };
  const countError = upstreamErrors.inc.bind(upstreamErrors);
  upstreamErrors.inc = ((...args: Parameters<typeof countError>) => {
    upstreamHealth.lastFailureAt = performance.now();
    return countError(...args);
  }) as typeof upstreamErrors.inc;
  return {
    upstreamHealth,
    registry,
    httpDuration: new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Duration of HTTP requests served by the portal, by route kind",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: "portal_upstream_request_duration_seconds",
      help: "Duration of calls to the upstream, by service",
      labelNames: ["service", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    upstreamErrors,
    cacheEvents: new Counter({
      name: "portal_cache_events_total",
      help: "Cache hits, misses, stale answers and refresh failures, by cache",
      labelNames: ["cache", "event"] as const,
      registers: [registry],
    }),
    queueEvents: new Counter({
      name: "portal_queue_events_total",
      help: "Requests waiting for an upstream turn: queued, shed (queue full, 429), dropped (caller gone), shared (joined an identical call)",
      labelNames: ["queue", "event"] as const,
      registers: [registry],
    }),
    shed: new Counter({
      name: "portal_shed_total",
      help: "Reads answered 503 at once under sustained overload or past the in-flight cap, by kind (page, api)",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
  };
}
