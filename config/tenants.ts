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
  /**
   * The municipality's accessibility statement on AgID's site, for the footer's "Dichiarazione di accessibilità" when
   * the upstream sends no footer menus (the published BFF): the Modello Comuni requires the link.
   */
  accessibilityDeclaration: z
    .url({ protocol: /^https$/ })
    .refine(
      (url) => url.startsWith("https://form.agid.gov.it/"),
      "an AgID address (https://form.agid.gov.it/…)",
    )
    .optional(),
  /**
   * Where the footer's "Segnalazione disservizio" leads when the upstream sends no footer menus and the municipality
   * has no disruption reports on the portal: its own page (https) or an e-mail address (`mailto:`).
   */
  inefficiencyReport: z
    .string()
    .regex(/^(https:\/\/|mailto:)\S+$/, "an https:// or mailto: address")
    .optional(),
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

/** Reads and validates the tenants file at start-up; a `ConfigError` says why it cannot be used. */
export function loadTenantsFile(path: string): TenantDirectory {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(`TENANTS_FILE ${path}: ${(error as Error).message}`);
  }
  return parseTenantsFile(path, text);
}

/** The tenants file's text as a directory (the schema above); a `ConfigError` lists what is wrong with it. */
export function parseTenantsFile(path: string, text: string): TenantDirectory {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
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

/**
 * What a reload changed: municipalities added and removed, and those whose host names, upstream host or footer links
 * changed.
 */
export type TenantsChange = {
  added: readonly Tenant[];
  removed: readonly Tenant[];
  changed: readonly { before: Tenant; after: Tenant }[];
};

export function diffTenants(before: TenantDirectory, after: TenantDirectory): TenantsChange {
  const old = new Map(before.all.map((t) => [t.id, t]));
  const now = new Map(after.all.map((t) => [t.id, t]));
  // The footer's links too: a municipality's cached pages carry them.
  const same = (a: Tenant, b: Tenant) =>
    a.upstreamHost === b.upstreamHost &&
    a.accessibilityDeclaration === b.accessibilityDeclaration &&
    a.inefficiencyReport === b.inefficiencyReport &&
    a.hosts.length === b.hosts.length &&
    a.hosts.every((h, i) => h === b.hosts[i]);
  return {
    added: after.all.filter((t) => !old.has(t.id)),
    removed: before.all.filter((t) => !now.has(t.id)),
    changed: after.all.flatMap((t) => {
      const was = old.get(t.id);
      return was && !same(was, t) ? [{ before: was, after: t }] : [];
    }),
  };
}

/**
 * The one holder of the municipalities served now (docs/decisions/tenants-reload.md). Everything that needs the
 * mapping (the tenant middleware, /readyz, the caches) asks `current()` when it needs it, never keeps a copy; a
 * reload `replace`s the whole directory at once. A request resolves its tenant once (into `res.locals`) and keeps
 * it, so requests in flight finish with the mapping they started with.
 */
export type TenantHolder = {
  current(): TenantDirectory;
  /** Swaps the directory in and tells the listeners what changed. */
  replace(next: TenantDirectory): TenantsChange;
  /** Called after each `replace` (e.g. to drop the caches of removed municipalities); returns an unsubscribe. */
  onChange(listener: (change: TenantsChange) => void): () => void;
};

export function createTenantHolder(initial: TenantDirectory): TenantHolder {
  let directory = initial;
  const listeners = new Set<(change: TenantsChange) => void>();
  return {
    current: () => directory,
    replace(next) {
      const change = diffTenants(directory, next);
      directory = next;
      for (const listener of listeners) listener(change);
      return change;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
