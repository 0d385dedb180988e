import { Router } from "express";
import type { TenantDirectory } from "#config/tenants.ts";
import type { Metrics } from "#server/observability/metrics.ts";

export type ReadinessCheck = (tenantId: string) => Promise<boolean>;

/** /healthz: the process is up. /readyz: every tenant's configuration is reachable or cached. /metrics: Prometheus. */
export function operationsRouter(options: {
  tenants: TenantDirectory;
  metrics: Metrics;
  isReady: ReadinessCheck;
}): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.set("cache-control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const results = await Promise.all(
      options.tenants.all.map(async (t) => [t.id, await options.isReady(t.id).catch(() => false)] as const),
    );
    const failing = results.filter(([, ok]) => !ok).map(([id]) => id);
    res
      .status(failing.length ? 503 : 200)
      .set("cache-control", "no-store")
      .json({ status: failing.length ? "unavailable" : "ready", failing });
  });
  router.get("/metrics", async (_req, res) => {
    res
      .set("content-type", options.metrics.registry.contentType)
      .send(await options.metrics.registry.metrics());
  });
  return router;
}
