import { sandboxTenants } from "#sandbox/seed/tenants.ts";

/**
 * The demo's municipalities as tests name them, read from the one place that defines them: the sandbox's seed
 * (sandbox/seed/comune-*.ts): its name, the upstream host the portal forwards as `X-Forwarded-Host`, and the portal's
 * host name (which config/tenants.json maps to it; config/tenants.test.ts keeps the two equal). A municipality added
 * to the demo is added there, not here.
 */
export type DemoTenantId = "comune-a" | "comune-b" | "comune-c";

export type DemoTenant = {
  id: DemoTenantId;
  /** "Comune di Valverde". */
  name: string;
  /** The portal's host name: `comune-a.localhost`. */
  portalHost: string;
  /** The upstream's public host: what the portal forwards as `X-Forwarded-Host`. */
  upstreamHost: string;
};

function demoTenant(id: DemoTenantId): DemoTenant {
  const seeded = sandboxTenants.find((tenant) => tenant.id === id);
  if (!seeded) throw new Error(`the sandbox's seed has no municipality ${id}`);
  return { id, name: seeded.nome, portalHost: seeded.portalHost, upstreamHost: seeded.host };
}

export const DEMO_TENANTS: Readonly<Record<DemoTenantId, DemoTenant>> = {
  "comune-a": demoTenant("comune-a"),
  "comune-b": demoTenant("comune-b"),
  "comune-c": demoTenant("comune-c"),
};
