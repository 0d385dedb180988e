import { Router } from "express";
import type { Tenant, TenantHolder } from "#config/tenants.ts";
import type { Metrics } from "#server/observability/metrics.ts";
import type { TenantReadiness } from "#server/upstream/tenant-config.ts";
import { HEALTH_PATH, METRICS_PATH, READY_PATH } from "#server/operational-paths.ts";

/** What this process holds for one municipality: read from its own state, never by asking the upstream. */
export type ReadinessCheck = (tenant: Tenant) => TenantReadiness;

/**
 * /healthz (liveness): the process answers. /readyz (readiness): this pod can serve, from state it already keeps; it
 * never calls nor waits on the upstream, so a hung upstream cannot time the probe out, and it answers 200 whatever
 * one municipality's (or the shared store's) state, because every replica shares them: taking the pods out would
 * turn a degraded municipality into an outage of all. The body says what is degraded, per municipality (`ready`,
 * `stale`: served from the configuration held, its last refresh failed; `unavailable`: nothing held yet, its pages
 * answer the Italian "service unavailable" page) and for the shared store (Valkey) when there is one. The
 * municipalities are the holder's current ones (one snapshot per check). docs/operations.md "Health checks".
 * /metrics: Prometheus.
 */
export function operationsRouter(options: {
  tenants: TenantHolder;
  metrics: Metrics;
  checkTenant: ReadinessCheck;
  /** The shared store's state when there is one (REDIS_URL): down → "degraded" with the reason. */
  store?: () => { ok: true } | { ok: false; reason: string };
}): Router {
  // Exactly these spellings: the proxy in front blocks `/metrics` and `/readyz` by exact match (nginx `location =`,
  // the Ingress's `Exact` paths), so `/METRICS` or `/metrics/` must not reach them here either.
  const router = Router({ caseSensitive: true, strict: true });
  router.get(HEALTH_PATH, (_req, res) => {
    res.set("cache-control", "no-store").json({ status: "ok" });
  });
  router.get(READY_PATH, (_req, res) => {
    const municipalities = Object.fromEntries(
      options.tenants.current().all.map((t) => [t.id, options.checkTenant(t)] as const),
    );
    const store = options.store?.();
    const degraded = Object.values(municipalities).some((state) => state !== "ready") || store?.ok === false;
    res
      .status(200)
      .set("cache-control", "no-store")
      .json({
        status: degraded ? "degraded" : "ready",
        municipalities,
        ...(store ? { store: store.ok ? { state: "up" } : { state: "down", reason: store.reason } } : {}),
      });
  });
  router.get(METRICS_PATH, async (_req, res) => {
    res
      .set("content-type", options.metrics.registry.contentType)
      .send(await options.metrics.registry.metrics());
  });
  return router;
}
