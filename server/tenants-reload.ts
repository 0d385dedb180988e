import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Logger } from "pino";
import type { Metrics } from "./observability/metrics.ts";
import {
  diffTenants,
  parseTenantsFile,
  type Tenant,
  type TenantHolder,
  type TenantsChange,
} from "#config/tenants.ts";

export type TenantsReloadResult = "unchanged" | "reloaded" | "refused";

export type TenantsReloader = {
  /** One look at the file (what each tick does; tests call it directly instead of waiting for the timer). */
  check(): Promise<TenantsReloadResult>;
  stop(): void;
};

const hosts = (t: Tenant) => ({ id: t.id, hosts: t.hosts });

/** What a reload changed, for the log: ids and host names only. */
export function describeChange(change: TenantsChange) {
  return {
    added: change.added.map(hosts),
    removed: change.removed.map(hosts),
    changed: change.changed.map(({ before, after }) => ({
      id: after.id,
      hostsAdded: after.hosts.filter((h) => !before.hosts.includes(h)),
      hostsRemoved: before.hosts.filter((h) => !after.hosts.includes(h)),
      ...(before.upstreamHost === after.upstreamHost
        ? {}
        : { upstreamHost: { before: before.upstreamHost, after: after.upstreamHost } }),
    })),
  };
}

type WatchOptions = {
  path: string;
  holder: TenantHolder;
  logger: Logger;
  intervalMs: number;
  /** Each look's outcome, whether the file's content is refused, when the mapping in use was read. */
  metrics?: Pick<Metrics, "tenantsReloads" | "tenantsRefused" | "tenantsLoaded">;
};

/** What the watcher remembers of the file between looks. */
type Seen = {
  /** The hash of the content last looked at (or why the file could not be read). */
  hash: string | undefined;
  /** Whether the file's current content is refused (the mapping in use is an older one). */
  refused: boolean;
};

/**
 * One look at the file: unchanged (same content, or same municipalities), refused (unreadable or invalid: logged
 * once per content, the mapping in use kept) or reloaded (swapped into `holder` whole, the change logged).
 */
async function lookAtFile(
  { path, holder, logger }: Pick<WatchOptions, "path" | "holder" | "logger">,
  seen: Seen,
): Promise<TenantsReloadResult> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const hash = `unreadable:${(error as NodeJS.ErrnoException).code ?? "error"}`;
    if (hash !== seen.hash)
      logger.error(
        { file: path, reason: `unreadable: ${(error as Error).message}` },
        // The message the alert and docs/operations.md name, whatever the reason.
        "tenants file refused: the municipalities in use are kept",
      );
    seen.hash = hash;
    seen.refused = true;
    return "refused";
  }
  const hash = createHash("sha256").update(text).digest("hex");
  if (hash === seen.hash) return "unchanged";
  seen.hash = hash;
  let next;
  try {
    next = parseTenantsFile(path, text);
  } catch (error) {
    logger.error(
      { file: path, reason: (error as Error).message },
      "tenants file refused: the municipalities in use are kept",
    );
    seen.refused = true;
    return "refused";
  }
  seen.refused = false;
  const change = diffTenants(holder.current(), next);
  if (!change.added.length && !change.removed.length && !change.changed.length) {
    logger.debug({ file: path }, "tenants file rewritten, same municipalities");
    return "unchanged";
  }
  holder.replace(next);
  logger.info(
    { file: path, ...describeChange(change), tenants: next.all.map((t) => t.id) },
    "tenants file reloaded",
  );
  return "reloaded";
}

/**
 * Watches the tenants file by polling its content (docs/decisions/tenants-reload.md): every `intervalMs` the file is
 * read (through its path, so a ConfigMap's symlink swap and an in-place write look the same) and hashed; a new
 * content is validated with the start-up schema and swapped into `holder` whole, and the change is logged. A file that
 * cannot be read or is invalid is refused with the reason in the log (once per content), the mapping in use is kept.
 * `intervalMs` 0: no timer (`check()` still works).
 */
export function watchTenantsFile(options: WatchOptions): TenantsReloader {
  const seen: Seen = { hash: undefined, refused: false };
  let running: Promise<TenantsReloadResult> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const report = (result: TenantsReloadResult) => {
    const metrics = options.metrics;
    if (!metrics) return result;
    metrics.tenantsReloads.inc({ outcome: result });
    metrics.tenantsRefused.set(seen.refused ? 1 : 0);
    if (result === "reloaded") metrics.tenantsLoaded.set(Date.now() / 1000);
    return result;
  };
  const check = () => {
    // One look at a time: a slow read is not overtaken by the next tick.
    running ??= lookAtFile(options, seen)
      .then(report)
      .finally(() => (running = undefined));
    return running;
  };
  const schedule = () => {
    if (stopped || options.intervalMs <= 0) return;
    timer = setTimeout(() => void check().finally(schedule), options.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    check,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
