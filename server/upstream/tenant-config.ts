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
import type { createSwrCache } from "./swr-cache.ts";
import { UpstreamError } from "./errors.ts";

const SERVICE = "config";
const base = "api-public/configComune";

export type TenantConfigCache = ReturnType<typeof createSwrCache<unknown>>;

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

/**
 * A load shared by every request of the municipality (through the cache) must not carry one request's abort signal
 * (its visitor leaving would fail all the others), cookies, identity or credential.
 */
export function tenantScope(ctx: UpstreamRequestContext): UpstreamRequestContext {
  return {
    baseUrl: ctx.baseUrl,
    forwardedHost: ctx.forwardedHost,
    timeoutMs: ctx.timeoutMs,
    metrics: ctx.metrics,
  };
}

/**
 * The municipality configuration for one request. `fromtenant` is cached per tenant; the rest too, except while the
 * municipality is in maintenance and the visitor holds no credential: then only `fromtenant` is readable upstream.
 * While in maintenance, a visitor with a credential loads the rest for itself (its credential, its signal).
 */
export async function getTenantConfig(
  ctx: UpstreamRequestContext,
  tenantId: string,
  cache: TenantConfigCache,
): Promise<TenantConfig> {
  const shared = tenantScope(ctx);
  const comune = (await cache.get(`${tenantId}:comune`, () => fetchComune(shared))) as ComuneConfig;
  if (comune.maintenance && !ctx.authorization) return { comune, ...EMPTY_CONTENT };
  const content = comune.maintenance
    ? await fetchContent(ctx)
    : ((await cache.get(`${tenantId}:content`, () => fetchContent(shared))) as TenantContent);
  return { comune, ...content };
}
