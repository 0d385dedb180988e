import { z } from "zod";
import {
  ComuneConfigSchema,
  ContattiSchema,
  MenuFooterSchema,
  MenuSchema,
  ServiceDetailsSchema,
  ServiziSchema,
  type ComuneConfig,
  type TenantConfig,
} from "#shared/api/tenant-config.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";
import { sanitizeRichText } from "./sanitize.ts";
import { createSwrCache } from "./swr-cache.ts";
import type { Metrics } from "#server/observability/metrics.ts";
import { UpstreamError } from "./errors.ts";

const SERVICE = "config";
const base = "api-public/configComune";

const NullableComuneSchema = ComuneConfigSchema.nullable();

export async function fetchComune(ctx: UpstreamRequestContext): Promise<ComuneConfig> {
  const { data } = await callUpstream(ctx, {
    service: SERVICE,
    path: `${base}/fromtenant`,
    schema: NullableComuneSchema,
  });
  if (!data) throw new UpstreamError(SERVICE, "status", 404, "config: municipality unknown upstream");
  return data;
}

type TenantContent = Omit<TenantConfig, "comune">;

export const EMPTY_CONTENT: TenantContent = {
  menu: { main: [], topics: [], contacts: [] },
  menuFooter: { main: [], contacts: [], smallPrint: [] },
  contatti: { block: { title: "", body: "" }, social: { title: "", channels: [] } },
  servizi: [],
  dettagli: [],
};

export async function fetchContent(ctx: UpstreamRequestContext): Promise<TenantContent> {
  const get = <T>(path: string, schema: z.ZodType<T>) =>
    callUpstream(ctx, { service: SERVICE, path: `${base}/${path}`, schema }).then((r) => r.data);
  const [menu, menuFooter, contatti, servizi, dettagli] = await Promise.all([
    get("menu", MenuSchema),
    get("menufooter", MenuFooterSchema),
    get("contatti", ContattiSchema),
    get("servizi", ServiziSchema),
    get("dettaglioServizi", ServiceDetailsSchema),
  ]);
  return {
    menu,
    menuFooter,
    contatti: { ...contatti, block: { ...contatti.block, body: sanitizeRichText(contatti.block.body) } },
    servizi,
    dettagli,
  };
}

/** What the portal asks the upstream about a municipality as such: where, how long, measured; never who asks. */
export type TenantUpstream = Pick<UpstreamRequestContext, "baseUrl" | "timeoutMs" | "metrics">;

export type TenantRef = { id: string; upstreamHost: string };

/**
 * A municipality's cache key: its id and the host its configuration is asked for, so that a reloaded tenants file
 * that points a municipality at another upstream host never serves the other host's configuration.
 */
const keyOf = (tenant: TenantRef) => `${tenant.id} ${tenant.upstreamHost}`;

export type TenantServiceOptions = {
  upstream: TenantUpstream;
  ttlMs: number;
  /** How long past its TTL a configuration is still served while the upstream fails (stale-if-error). */
  maxStaleMs: number;
  metrics?: Metrics;
  now?: () => number;
  onRefreshError?: (key: string, error: unknown) => void;
};

/**
 * The per-municipality service, built once in `createApp` and shared by pages, readiness and the proxy: the
 * municipality configuration, cached per tenant (stale-while-revalidate, stale-if-error). It holds no user data: its
 * loads carry no request's abort signal (a visitor leaving would fail all the others), cookies, identity or credential.
 */
export function createTenantService(options: TenantServiceOptions) {
  const scope = (tenant: TenantRef): UpstreamRequestContext => ({
    ...options.upstream,
    forwardedHost: tenant.upstreamHost,
  });
  const common = {
    ttlMs: options.ttlMs,
    maxStaleMs: options.maxStaleMs,
    metrics: options.metrics,
    now: options.now,
    onRefreshError: options.onRefreshError,
  };
  const comune = createSwrCache<ComuneConfig, TenantRef>({
    ...common,
    name: "tenant-config",
    load: (_key, tenant) => fetchComune(scope(tenant)),
  });
  const content = createSwrCache<TenantContent, TenantRef>({
    ...common,
    name: "tenant-content",
    load: (_key, tenant) => fetchContent(scope(tenant)),
  });

  return {
    /** The tenant's upstream context for a request of its own: add the request's cookies, identity and signal. */
    scope,
    comune: (tenant: TenantRef) => comune.get(keyOf(tenant), tenant),
    /**
     * The municipality configuration for one request. `fromtenant` is cached per tenant; the rest too, except while
     * the municipality is in maintenance and the visitor holds no credential: then only `fromtenant` is readable
     * upstream. While in maintenance, a visitor with a credential loads the rest for itself (`request`: its
     * credential, its signal).
     */
    async config(tenant: TenantRef, request: UpstreamRequestContext): Promise<TenantConfig> {
      const identity = await comune.get(keyOf(tenant), tenant);
      if (identity.maintenance && !request.authorization) return { comune: identity, ...EMPTY_CONTENT };
      const rest = identity.maintenance
        ? await fetchContent(request)
        : await content.get(keyOf(tenant), tenant);
      return { comune: identity, ...rest };
    },
    /**
     * The configuration a page of this municipality is rendered from now, as the held objects themselves (a refresh
     * replaces them): the anonymous page cache compares them. Undefined when not held yet, null in maintenance.
     */
    configVersion(tenant: TenantRef): readonly unknown[] | null | undefined {
      const identity = comune.peek(keyOf(tenant));
      const rest = content.peek(keyOf(tenant));
      if (identity?.maintenance) return null;
      if (!identity || !rest) return undefined;
      // As a page would: an expired configuration starts its background refresh (a cached page replaces a render).
      // Only for held values: a first load is the render's own, so that its failure reaches the page as such.
      comune.get(keyOf(tenant), tenant).catch(() => {});
      content.get(keyOf(tenant), tenant).catch(() => {});
      return [identity, rest];
    },
    /** Drops what is held for a municipality the tenants file no longer has (or has with another upstream host). */
    forget(tenant: TenantRef): void {
      comune.delete(keyOf(tenant));
      content.delete(keyOf(tenant));
    },
    /**
     * Readiness, read-only (never asks the upstream, never waits): what this process holds for the municipality.
     * `ready`: its configuration is held and no load of it failed last; `stale`: held, but the last load of a part
     * failed (its pages are served from what is held, a missing part says so in Italian); `unavailable`: nothing held
     * (its pages answer the Italian "service unavailable" page until a load succeeds).
     */
    readiness(tenant: TenantRef): TenantReadiness {
      const key = keyOf(tenant);
      if (!comune.has(key)) return "unavailable";
      const failed = [comune.lastLoad(key), content.lastLoad(key)].some((load) => load?.ok === false);
      return failed ? "stale" : "ready";
    },
  };
}

/** What readiness reports for one municipality (TenantService.readiness). */
export type TenantReadiness = "ready" | "stale" | "unavailable";

export type TenantService = ReturnType<typeof createTenantService>;
