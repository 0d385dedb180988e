import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { Env } from "#config/env.ts";
import type { TenantHolder } from "#config/tenants.ts";
import { createMetrics, type Metrics } from "../observability/metrics.ts";
import { createMaintenanceSealers, type MaintenanceSealers } from "../middleware/maintenance-credential.ts";
import type { LagSource } from "../middleware/overload.ts";
import type { SsrHandler } from "../render/public-pages.ts";
import type { ProxyRoute } from "../proxy/allow-list.ts";
import { createTenantService, type TenantService } from "../upstream/tenant-config.ts";

export type AppDeps = {
  env: Env;
  /** The municipalities served now (a reloaded tenants file swaps them: `server/tenants-reload.ts`). */
  tenants: TenantHolder;
  /** The upstream BFF base URL (the embedded sandbox when UPSTREAM_URL is unset). */
  upstreamUrl: string;
  geocoderUrl: string;
  /** The disruption report's map tiles (URL template); without it the report offers the address search only. */
  mapTileUrl?: string;
  sandbox: boolean;
  logger: Logger;
  /** React Router's request handler; omitted in tests that exercise only the Express layer. */
  ssrHandler?: SsrHandler;
  /** Extra middleware mounted before the pages (the Vite dev server in development). */
  beforePages?: RequestHandler[];
  staticDir?: string | false;
  metrics?: Metrics;
  /** The per-municipality service (built here from `env` unless given). */
  tenantService?: TenantService;
  /** Seals every sealed cookie. */
  secret: string;
  /** Secrets still accepted for opening sealed cookies during a rotation (`PORTAL_SECRET_PREVIOUS`). */
  previousSecrets?: readonly string[];
  /** The event loop's sustained lag for overload shedding (default: a timer-drift monitor; tests inject one). */
  lag?: LagSource;
  /**
   * The calls the proxy relays (default: the allow list, `server/proxy/allow-list.ts`, with the demo identity
   * provider when `sandbox`); tests of the relay's own mechanics give theirs.
   */
  proxyRoutes?: readonly ProxyRoute[];
  /**
   * The clock of the municipality configurations' freshness (default: the process's monotonic clock): a test moves it
   * past `TENANT_CONFIG_TTL_S` instead of sleeping through it. It must read above 0 (lru-cache takes an entry stored
   * at time 0 for one without a start, and never expires it).
   */
  configClock?: () => number;
};

/** What the app's middleware groups share, decided once from the deps. */
export type AppContext = {
  deps: AppDeps;
  env: Env;
  logger: Logger;
  metrics: Metrics;
  production: boolean;
  /** TLS is ended by a proxy in front (HSTS and secure cookies apply). */
  behindTls: boolean;
  secureCookies: boolean;
  secrets: { current: string; previous: readonly string[] };
  /** Seals the maintenance credential. */
  sealers: MaintenanceSealers;
  tenantService: TenantService;
};

/** The municipality configuration service on the upstream BFF, shared by pages, readiness and proxy. */
export function createTenantServiceFor(
  deps: Pick<AppDeps, "env" | "upstreamUrl" | "logger" | "configClock">,
  metrics: Metrics,
) {
  return createTenantService({
    upstream: { baseUrl: deps.upstreamUrl, timeoutMs: deps.env.UPSTREAM_TIMEOUT_MS, metrics },
    ttlMs: deps.env.TENANT_CONFIG_TTL_S * 1000,
    maxStaleMs: 24 * 60 * 60 * 1000,
    now: deps.configClock,
    metrics,
    onRefreshError: (key, error) =>
      deps.logger.warn({ key, error: { message: (error as Error).message } }, "tenant config refresh failed"),
    onDegraded: (key, { part, reason }) =>
      deps.logger.warn({ key, part, reason }, "tenant config part degraded (shown without it)"),
  });
}

export function appContext(deps: AppDeps): AppContext {
  const { env } = deps;
  const metrics = deps.metrics ?? createMetrics();
  const production = env.NODE_ENV === "production";
  const behindTls = env.TRUST_PROXY !== false;
  const secrets = { current: deps.secret, previous: deps.previousSecrets ?? [] };
  return {
    deps,
    env,
    logger: deps.logger,
    metrics,
    production,
    behindTls,
    secureCookies: production && behindTls,
    secrets,
    sealers: createMaintenanceSealers(secrets),
    tenantService: deps.tenantService ?? createTenantServiceFor(deps, metrics),
  };
}
