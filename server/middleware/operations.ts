import { Router } from "express";
import type { Tenant, TenantHolder } from "#config/tenants.ts";
import type { Metrics } from "#server/observability/metrics.ts";
import { HEALTH_PATH, METRICS_PATH, READY_PATH } from "#server/operational-paths.ts";

/** Whether a municipality's configuration is held (cached or just loaded), and whether its upstream answered now. */
export type TenantReadiness = { config: boolean; upstream: boolean };
export type ReadinessCheck = (tenant: Tenant) => Promise<TenantReadiness>;

/**
 * /healthz: the process is up. /readyz: 200 while every municipality's pages can be served (its configuration is
 * reachable or cached), with each upstream's state in the body ("degraded" when one is down but cached pages still
 * work); 503 only when a municipality has no configuration at all. The municipalities are the holder's current
 * ones (one snapshot per check). The shared store (Valkey), when configured, is "up" or "down" with its reason: down
 * is "degraded" (pages still work; the steps that keep data say so in Italian). /metrics: Prometheus.
 */
export function operationsRouter(options: {
  tenants: TenantHolder;
  metrics: Metrics;
  checkTenant: ReadinessCheck;
  /** The shared store's state when there is one (REDIS_URL): down → "degraded" with the reason. */
  store?: () => { ok: true } | { ok: false; reason: string };
}): Router {
  const router = Router();
  router.get(HEALTH_PATH, (_req, res) => {
    res.set("cache-control", "no-store").json({ status: "ok" });
  });
  router.get(READY_PATH, async (_req, res) => {
    const unknown: TenantReadiness = { config: false, upstream: false };
    const results = await Promise.all(
      options.tenants
        .current()
        .all.map(async (t) => [t.id, await options.checkTenant(t).catch(() => unknown)] as const),
    );
    const failing = results.filter(([, r]) => !r.config).map(([id]) => id);
    const upstreamDown = results.some(([, r]) => !r.upstream);
    const upstream = Object.fromEntries(results.map(([id, r]) => [id, r.upstream ? "up" : "down"]));
    const store = options.store?.();
    const status = failing.length
      ? "unavailable"
      : upstreamDown || store?.ok === false
        ? "degraded"
        : "ready";
    res
      .status(failing.length ? 503 : 200)
      .set("cache-control", "no-store")
      .json({
        status,
        failing,
        upstream,
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
