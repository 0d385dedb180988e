import type { TenantRef, TenantService } from "./upstream/tenant-config.ts";

/**
 * Loads every municipality's configuration before the portal listens, so that the first page after start-up does
 * not wait for it. Waits at most `maxWaitMs` in all and never fails: an upstream that is down at start-up leaves the
 * loads to the first pages (and /readyz reports it), it does not keep the portal from starting.
 */
export async function warmTenantConfigs(
  tenants: readonly TenantRef[],
  service: Pick<TenantService, "comune">,
  maxWaitMs: number,
): Promise<"warm" | "timed-out"> {
  let timer: NodeJS.Timeout | undefined;
  const loads = Promise.all(tenants.map((t) => service.comune(t).catch(() => undefined))).then(
    () => "warm" as const,
  );
  const deadline = new Promise<"timed-out">((resolve) => {
    timer = setTimeout(() => resolve("timed-out"), maxWaitMs);
  });
  try {
    return await Promise.race([loads, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
