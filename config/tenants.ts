import { readFileSync } from "node:fs";
import { z } from "zod";
import { ConfigError } from "./env.ts";

const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, "not a host name");

export const TenantSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "lower-case letters, digits and dashes"),
  /** Host names (without port) that browsers use for this municipality. */
  hosts: z.array(hostName).min(1),
  /** The host sent upstream as `X-Forwarded-Host`: the BFF resolves the municipality from it. */
  upstreamHost: hostName,
});
export type Tenant = z.infer<typeof TenantSchema>;

export const TenantsFileSchema = z
  .object({ tenants: z.array(TenantSchema).min(1) })
  .superRefine((file, ctx) => {
    const seen = new Map<string, string>();
    for (const tenant of file.tenants) {
      for (const host of tenant.hosts) {
        const other = seen.get(host);
        if (other)
          ctx.addIssue({ code: "custom", message: `host ${host} is mapped to ${other} and ${tenant.id}` });
        seen.set(host, tenant.id);
      }
    }
  });

export type TenantDirectory = {
  all: readonly Tenant[];
  byHost(host: string | undefined): Tenant | undefined;
};

export function createTenantDirectory(tenants: readonly Tenant[]): TenantDirectory {
  const index = new Map<string, Tenant>();
  for (const tenant of tenants) for (const host of tenant.hosts) index.set(host, tenant);
  return {
    all: tenants,
    byHost(host) {
      if (!host) return undefined;
      return index.get(host.toLowerCase().replace(/\.$/, ""));
    },
  };
}

export function loadTenantsFile(path: string): TenantDirectory {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ConfigError(`TENANTS_FILE ${path}: ${(error as Error).message}`);
  }
  const result = TenantsFileSchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "tenants"}: ${i.message}`);
    throw new ConfigError(`TENANTS_FILE ${path} is invalid:\n${lines.join("\n")}`);
  }
  return createTenantDirectory(result.data.tenants);
}
