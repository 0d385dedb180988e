import { z } from "zod";
import {
  ComuneConfigSchema,
  withServiceTitles,
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
import { createSwrCache, type SwrCache } from "./swr-cache.ts";
import { createModuleAvailability } from "./module-availability.ts";
import { droppedRowsIn } from "#shared/api/rows.ts";
import type { Metrics } from "#server/observability/metrics.ts";
import { UpstreamError, isUpstreamError } from "./errors.ts";

const SERVICE = "config";
const base = "api-public/configComune";

const NullableComuneSchema = ComuneConfigSchema.nullable();

/**
 * The municipality's configuration. An upstream that does not know it (nothing, or a 404, for this host: a tenants
 * file's `upstreamHost` it has no municipality for) leaves the portal unable to serve its pages: a bad gateway
 * (502, "Il servizio del Comune non risponde correttamente"), never "Pagina non trovata" on every page.
 */
export async function fetchComune(ctx: UpstreamRequestContext): Promise<ComuneConfig> {
  const unknown = () =>
    new UpstreamError(
      SERVICE,
      "invalid",
      502,
      "config: municipality unknown upstream (the tenants file's upstreamHost?)",
    );
  try {
    const { data } = await callUpstream(ctx, {
      service: SERVICE,
      path: `${base}/fromtenant`,
      schema: NullableComuneSchema,
    });
    if (!data) throw unknown();
    return data;
  } catch (error) {
    throw isUpstreamError(error, 404) ? unknown() : error;
  }
}

type TenantContent = Omit<TenantConfig, "comune" | "servicesUnavailable" | "fileLinks">;

export const EMPTY_CONTENT: TenantContent = {
  menu: { main: [], topics: [], contacts: [] },
  menuFooter: { main: [], contacts: [], smallPrint: [] },
  contatti: { block: { title: "", body: "" }, social: { title: "", channels: [] } },
  servizi: [],
  dettagli: [],
};

export type ContentPart = keyof TenantContent;

type PartSpec<K extends ContentPart> = {
  path: string;
  schema: z.ZodType<TenantContent[K]>;
  /** The published BFF answers a CMS municipality's menu and services with a 302 to the CMS (followed). */
  followRedirects?: true;
  /** What a page shows from the answer (the contacts' HTML sanitised). */
  prepare?: (value: TenantContent[K]) => TenantContent[K];
};

/**
 * The configuration's parts, each asked on its own: one that is missing (the published BFF routes no `menufooter`
 * nor `contatti`) or failing degrades that part only (an empty footer menu, no contacts block), never the site.
 */
export const CONTENT_PARTS: { [K in ContentPart]: PartSpec<K> } = {
  menu: { path: "menu", schema: MenuSchema, followRedirects: true },
  menuFooter: { path: "menufooter", schema: MenuFooterSchema },
  contatti: {
    path: "contatti",
    schema: ContattiSchema,
    prepare: (c) => ({ ...c, block: { ...c.block, body: sanitizeRichText(c.block.body) } }),
  },
  servizi: { path: "servizi", schema: ServiziSchema, followRedirects: true },
  dettagli: { path: "dettaglioServizi", schema: ServiceDetailsSchema },
};

const PART_NAMES = Object.keys(CONTENT_PARTS) as ContentPart[];

/** A part the upstream does not have (not routed, not configured): the part is empty, and that is an answer. */
const isAbsent = (error: unknown) => isUpstreamError(error, 404) || isUpstreamError(error, 405);

/** The visitor's credential was refused (maintenance): the page must say so, not render without configuration. */
const isRefused = (error: unknown) => isUpstreamError(error, 401) || isUpstreamError(error, 403);

/** One part: its value, or its empty value when the upstream does not have it (404/405). Other failures throw. */
export async function fetchPart<K extends ContentPart>(
  ctx: UpstreamRequestContext,
  part: K,
  onAbsent?: (degraded: DegradedPart) => void,
): Promise<TenantContent[K]> {
  const spec = CONTENT_PARTS[part] as PartSpec<K>;
  try {
    const { data } = await callUpstream(ctx, {
      service: SERVICE,
      path: `${base}/${spec.path}`,
      schema: spec.schema,
      followRedirects: spec.followRedirects,
    });
    return spec.prepare ? spec.prepare(data) : data;
  } catch (error) {
    if (!isAbsent(error)) throw error;
    onAbsent?.({
      part,
      reason: `not on this upstream (HTTP ${(error as UpstreamError).status}): shown empty`,
    });
    return EMPTY_CONTENT[part];
  }
}

/** Why a part is shown empty, for the log (once per municipality, part and reason). */
export type DegradedPart = { part: ContentPart | "comune"; reason: string };

/**
 * Every part for one request (maintenance, with the visitor's credential): a refused credential fails the whole
 * configuration (the maintenance gate answers it); any other failure degrades its part only.
 */
export async function fetchContent(
  ctx: UpstreamRequestContext,
  onDegraded?: (degraded: DegradedPart) => void,
): Promise<{ content: TenantContent; failed: ContentPart[] }> {
  const settled = await Promise.allSettled(PART_NAMES.map((part) => fetchPart(ctx, part, onDegraded)));
  const refused = settled.find((r) => r.status === "rejected" && isRefused(r.reason));
  if (refused) throw (refused as PromiseRejectedResult).reason;
  const content = { ...EMPTY_CONTENT } as Record<ContentPart, unknown>;
  const failed: ContentPart[] = [];
  settled.forEach((result, i) => {
    const part = PART_NAMES[i]!;
    if (result.status === "fulfilled") content[part] = result.value;
    else {
      onDegraded?.({ part, reason: (result.reason as Error).message });
      failed.push(part);
    }
  });
  return { content: content as TenantContent, failed };
}

/** The parts assembled for a page: service cards without a title of their own named after their service. */
function assemble(content: TenantContent): TenantContent {
  return { ...content, dettagli: withServiceTitles(content.dettagli, content.servizi) };
}

/** What the portal asks the upstream about a municipality as such: where, how long, measured; never who asks. */
export type TenantUpstream = Pick<UpstreamRequestContext, "baseUrl" | "timeoutMs" | "metrics">;

export type TenantRef = {
  id: string;
  upstreamHost: string;
  /** The tenants file's footer links for an upstream without footer menus (config/tenants.ts). */
  accessibilityDeclaration?: string;
  inefficiencyReport?: string;
};

/** The tenants file's own footer links, carried by the configuration a page is rendered from. */
function fileLinks(tenant: TenantRef): Pick<TenantConfig, "fileLinks"> {
  const { accessibilityDeclaration, inefficiencyReport } = tenant;
  return accessibilityDeclaration || inefficiencyReport
    ? { fileLinks: { accessibilityDeclaration, inefficiencyReport } }
    : {};
}

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
  /**
   * A part shown empty (it failed with nothing held) or rows dropped from a part's lists (a row its schema refuses):
   * reported once per municipality, part and reason, for the log.
   */
  onDegraded?: (key: string, degraded: DegradedPart) => void;
};

type PartCaches = { [K in ContentPart]: SwrCache<TenantContent[K], TenantRef> };

/** Reports a degraded part once per municipality, part and reason (`TenantServiceOptions.onDegraded`). */
function createDegradedReporter(onDegraded: TenantServiceOptions["onDegraded"]) {
  const reported = new Set<string>();
  const report = (key: string, degraded: DegradedPart) => {
    const id = `${key}\0${degraded.part}\0${degraded.reason}`;
    if (reported.has(id)) return;
    if (reported.size >= 10_000) reported.clear();
    reported.add(id);
    onDegraded?.(key, degraded);
  };
  /** The rows a part's schema refused (dropped from its lists), one report each. */
  const reportDropped = (key: string, part: DegradedPart["part"], value: unknown) => {
    for (const { path, rows } of droppedRowsIn(value))
      for (const row of rows)
        report(key, { part, reason: `row ${path}[${row.index}] dropped (${row.issue})` });
  };
  return { report, reportDropped };
}

type DegradedReporter = ReturnType<typeof createDegradedReporter>;

/**
 * The configuration's caches, per tenant: `fromtenant` and each content part, loaded in the tenant's scope (no
 * request's signal, cookies or credential); what a load degrades or drops is reported.
 */
function createConfigCaches(
  options: TenantServiceOptions,
  scope: (tenant: TenantRef) => UpstreamRequestContext,
  reporter: DegradedReporter,
) {
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
    load: async (key, tenant) => {
      const value = await fetchComune(scope(tenant));
      reporter.reportDropped(key, "comune", value);
      return value;
    },
  });
  const partCache = <K extends ContentPart>(part: K): SwrCache<TenantContent[K], TenantRef> =>
    createSwrCache<TenantContent[K], TenantRef>({
      ...common,
      name: `tenant-${part}`,
      load: async (key, tenant) => {
        const value = await fetchPart(scope(tenant), part, (degraded) => reporter.report(key, degraded));
        reporter.reportDropped(key, part, value);
        return value;
      },
    });
  const parts = Object.fromEntries(PART_NAMES.map((part) => [part, partCache(part)])) as PartCaches;
  return { comune, parts };
}

/** Every content part for a page: held (even stale) or loaded; failing with nothing held, empty (reported, not held). */
async function cachedContent(
  parts: PartCaches,
  reporter: DegradedReporter,
  key: string,
  tenant: TenantRef,
): Promise<{ content: TenantContent; failed: ContentPart[] }> {
  const failed: ContentPart[] = [];
  const partFor = async <K extends ContentPart>(part: K) => {
    try {
      return await (parts[part] as SwrCache<TenantContent[K], TenantRef>).get(key, tenant);
    } catch (error) {
      reporter.report(key, { part, reason: (error as Error).message });
      failed.push(part);
      return EMPTY_CONTENT[part];
    }
  };
  const values = await Promise.all(PART_NAMES.map((part) => partFor(part)));
  return {
    content: Object.fromEntries(PART_NAMES.map((part, i) => [part, values[i]])) as TenantContent,
    failed,
  };
}

/** What a page is told of the parts that failed: the services (or their cards) missing are unavailable, not none. */
function withFailedParts(config: TenantConfig, failed: readonly ContentPart[]): TenantConfig {
  return failed.includes("servizi") || failed.includes("dettagli")
    ? { ...config, servicesUnavailable: true }
    : config;
}

/** The municipality as a page sees it: without the modules its upstream does not route. */
async function withRoutedModules(
  modules: ReturnType<typeof createModuleAvailability>,
  key: string,
  identity: ComuneConfig,
  tenantScope: UpstreamRequestContext,
  request?: UpstreamRequestContext,
): Promise<ComuneConfig> {
  const codes = identity.assets.map((a) => a.codice);
  const missing = await modules.unavailable(key, codes, tenantScope, request);
  return missing.size === 0
    ? identity
    : { ...identity, assets: identity.assets.filter((a) => !missing.has(a.codice)) };
}

/**
 * The per-municipality service, built once in `createApp` and shared by pages, readiness and the proxy: the
 * municipality configuration, cached per tenant and part (stale-while-revalidate, stale-if-error), and which of its
 * modules the upstream routes (`module-availability.ts`). It holds no user data: its loads carry no request's abort
 * signal (a visitor leaving would fail all the others), cookies, identity or credential (a module under `/api` is
 * asked with a visitor's credentials, and only its verdict is held).
 */
export function createTenantService(options: TenantServiceOptions) {
  const scope = (tenant: TenantRef): UpstreamRequestContext => ({
    ...options.upstream,
    forwardedHost: tenant.upstreamHost,
  });
  const reporter = createDegradedReporter(options.onDegraded);
  const { comune, parts } = createConfigCaches(options, scope, reporter);
  const modules = createModuleAvailability({ ttlMs: options.ttlMs, now: options.now });

  return {
    /** The tenant's upstream context for a request of its own: add the request's cookies, identity and signal. */
    scope,
    comune: (tenant: TenantRef) => comune.get(keyOf(tenant), tenant),
    /**
     * The municipality configuration for one request. `fromtenant` is cached per tenant; the rest too, except while
     * the municipality is in maintenance and the visitor holds no credential: then only `fromtenant` is readable
     * upstream. While in maintenance, a visitor with a credential loads the rest for itself (`request`: its
     * credential, its signal). A part the upstream lacks or fails on is empty; a module it does not route is off.
     */
    async config(tenant: TenantRef, request: UpstreamRequestContext): Promise<TenantConfig> {
      const key = keyOf(tenant);
      const identity = await comune.get(key, tenant);
      if (identity.maintenance && !request.authorization)
        return { comune: identity, ...EMPTY_CONTENT, ...fileLinks(tenant) };
      const [rest, routed] = await Promise.all([
        identity.maintenance
          ? fetchContent(request, (degraded) => reporter.report(key, degraded))
          : cachedContent(parts, reporter, key, tenant),
        withRoutedModules(modules, key, identity, scope(tenant), request),
      ]);
      return withFailedParts(
        { comune: routed, ...assemble(rest.content), ...fileLinks(tenant) },
        rest.failed,
      );
    },
    /**
     * The configuration a page of this municipality is rendered from now, as the held objects themselves (a refresh
     * replaces them) and the modules' verdicts: the anonymous page cache compares them. Undefined when not held yet,
     * null in maintenance.
     */
    configVersion(tenant: TenantRef): readonly unknown[] | null | undefined {
      const key = keyOf(tenant);
      const identity = comune.peek(key);
      const rest = PART_NAMES.map((part) => parts[part].peek(key));
      if (identity?.maintenance) return null;
      if (!identity || rest.some((value) => value === undefined)) return undefined;
      // As a page would: an expired configuration starts its background refresh (a cached page replaces a render).
      // Only for held values: a first load is the render's own, so that its failure reaches the page as such.
      comune.get(key, tenant).catch(() => {});
      for (const part of PART_NAMES) parts[part].get(key, tenant).catch(() => {});
      return [identity, ...rest, modules.version(key)];
    },
    /** Drops what is held for a municipality the tenants file no longer has (or has with another upstream host). */
    forget(tenant: TenantRef): void {
      const key = keyOf(tenant);
      comune.delete(key);
      for (const part of PART_NAMES) parts[part].delete(key);
      modules.forget(key);
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
      const loads = [comune.lastLoad(key), ...PART_NAMES.map((part) => parts[part].lastLoad(key))];
      const failed = loads.some((load) => load?.ok === false);
      return failed ? "stale" : "ready";
    },
  };
}

/** What readiness reports for one municipality (TenantService.readiness). */
export type TenantReadiness = "ready" | "stale" | "unavailable";

export type TenantService = ReturnType<typeof createTenantService>;
