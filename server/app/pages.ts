import type express from "express";
import type { Express } from "express";
import { createRateLimiter } from "../security/rate-limiter.ts";
import { createOtpSendLimiter } from "../security/otp-limits.ts";
import { SAFE_METHODS, refuseResourceFormPost, sendXsrfCookie } from "../middleware/xsrf.ts";
import type { createPageCache } from "../render/page-cache.ts";
import type { SsrHandler } from "../render/public-pages.ts";
import { createRequestServices } from "../render/request-services.ts";
import { createActingForCookie } from "../render/acting-for-cookie.ts";
import { createFlowState } from "../render/flow-state.ts";
import type { createGeocoding } from "../geocoding/router.ts";
import type { AppContext } from "./context.ts";
import { hasOneValidHost } from "../middleware/host-header.ts";
import { tenantOfHost } from "../middleware/tenant.ts";

/** Headers that take one value: a route's own value replaces the app's default instead of being added to it. */
const SINGLE_VALUED = new Set(["cache-control", "x-content-type-options", "content-type"]);

/**
 * React Router's Express adapter copies the route's Response headers with `res.append`, which would add a route's
 * `Cache-Control: private, no-store` to the default `no-store` ("no-store, private, no-store"). For single-valued
 * headers the route's value wins; the others (Vary, Set-Cookie, Link) are still appended.
 */
function replaceSingleValuedHeaders(res: express.Response): void {
  const append = res.append.bind(res);
  res.append = (field: string, value?: string[] | string) =>
    SINGLE_VALUED.has(field.toLowerCase()) && value !== undefined
      ? res.set(field, value)
      : append(field, value);
}

/** The limiters of the pages' actions: maintenance login, anonymous payment creation, one-time code sending. */
function pageLimiters({ env, logger, metrics }: AppContext) {
  const refused =
    (limiter: string) =>
    ({ tenantId, scope }: { tenantId: string; scope: string }) =>
      metrics.rateLimited.inc({ limiter, scope, municipality: tenantId });
  return {
    loginLimiter: createRateLimiter({
      name: "maintenance-login",
      windowMs: env.MAINTENANCE_LOGIN_WINDOW_S * 1000,
      perClient: env.MAINTENANCE_LOGIN_PER_CLIENT,
      perTenant: env.MAINTENANCE_LOGIN_PER_TENANT,
      onLimited: (event) => logger.warn(event, "maintenance login rate limit reached"),
      onRefused: refused("maintenance-login"),
    }),
    paymentCreateLimiter: createRateLimiter({
      name: "payment-create",
      windowMs: env.PAYMENT_CREATE_WINDOW_S * 1000,
      perClient: env.PAYMENT_CREATE_PER_CLIENT,
      perTenant: env.PAYMENT_CREATE_PER_TENANT,
      onLimited: (event) => logger.warn(event, "anonymous payment creation rate limit reached"),
      onRefused: refused("payment-create"),
    }),
    otpLimiter: createOtpSendLimiter({
      windowMs: env.OTP_SEND_WINDOW_S * 1000,
      perClient: env.OTP_SEND_PER_CLIENT,
      perContact: env.OTP_SEND_PER_CONTACT,
      onLimited: (event) => logger.warn(event, "one-time code sending limit reached"),
      onRefused: refused("otp-send"),
    }),
  };
}

/** What each page request's services are made from (`createRequestServices`). */
function requestServicesDeps(ctx: AppContext, geocoder: ReturnType<typeof createGeocoding>) {
  const { deps, env, production } = ctx;
  return {
    publicEnv: { sandbox: deps.sandbox, devTools: env.DEV_TOOLS && !production, mapTileUrl: deps.mapTileUrl },
    sealers: ctx.sealers,
    secureCookies: ctx.secureCookies,
    flowState: createFlowState(ctx.secrets),
    actingForCookie: createActingForCookie(ctx.secrets),
    tenantService: ctx.tenantService,
    metrics: ctx.metrics,
    logger: ctx.logger,
    uploads: {
      fileLimit: env.UPLOAD_FILE_LIMIT,
      maxFiles: env.UPLOAD_MAX_FILES,
      totalLimit: env.UPLOAD_LIMIT,
    },
    geocoder,
    // A second submission waits for the first one's call (its timeout and a margin); an unknown outcome settles.
    writes: { waitMs: env.UPSTREAM_TIMEOUT_MS + 1000, settleMs: env.WRITE_SETTLE_MS },
    ...pageLimiters(ctx),
  };
}

/** The anonymous page cache of the pages (docs/decisions/page-cache.md), made before the app's chain: its `lane` is
 * mounted right after the request gate, its `middleware` in front of React Router. */
export function pageCacheOptions(ctx: AppContext, ssr: SsrHandler): Parameters<typeof createPageCache>[0] {
  const { env, tenantService, metrics } = ctx;
  return {
    ttlMs: env.PAGE_CACHE_TTL_S * 1000,
    maxEntries: env.PAGE_CACHE_MAX_ENTRIES,
    maxBytes: env.PAGE_CACHE_MAX_BYTES,
    identityCookies: env.IDENTITY_COOKIES,
    // The build's route modules say which pages are public; a handler without a build (development, tests'
    // stand-ins) caches nothing.
    publicPage: ssr.publicPage ?? (() => false),
    versionOf: (tenant) => tenantService.configVersion(tenant),
    metrics,
    lane: {
      tenantOf: (req) => (hasOneValidHost(req) ? tenantOfHost(ctx.deps.tenants, req) : undefined),
      identityHeaders: env.TRUSTED_IDENTITY_HEADERS.map((name) => name.toLowerCase()),
    },
  };
}

/**
 * The pages: React Router behind the page cache. Returns what a municipality's leaving must forget (its cached pages).
 */
export function mountPages(
  app: Express,
  ctx: AppContext,
  ssr: SsrHandler,
  pageCache: ReturnType<typeof createPageCache>,
  geocoder: ReturnType<typeof createGeocoding>,
): (tenantId: string) => void {
  const servicesDeps = requestServicesDeps(ctx, geocoder);
  app.use(async (req, res, next) => {
    // A form post reaches its action only once its whole body is in, within the limit (else it got its 413).
    if (!SAFE_METHODS.has(req.method) && res.locals.xsrfValid && !(await res.locals.bodyPeek.complete()))
      return;
    // A page may carry this visitor's XSRF token, the citizen or a flow: no cache may keep it. The page cache gives
    // the anonymous public pages their own policy; a route that serves something else sets its own Cache-Control,
    // which replaces this default (below).
    res.setHeader("cache-control", "no-store");
    res.append("vary", "Cookie");
    replaceSingleValuedHeaders(res);
    // Anonymous public pages: a HIT answers here, without React and without the request's services; a MISS gets
    // them, renders (without a token or a cookie) and may be stored. Every other page gets the XSRF cookie.
    if (res.locals.xsrfValid === false) {
      // A refused form post to a resource route: no route of it renders a page, the server answers its own.
      if (ssr.resourceRoute?.(req.path)) return refuseResourceFormPost(req, res, ctx.deps.logger);
      // Any other reaches the root middleware, which answers the 403 page in the visitor's language with the
      // municipality's shell: without its Origin, which React Router would answer first with a bare "Bad Request".
      delete req.headers.origin;
    }
    return pageCache.middleware(req, res, () => {
      if (!res.locals.anonymousPage) sendXsrfCookie(req, res, ctx.secureCookies);
      res.locals.services = createRequestServices(servicesDeps, req, res);
      ssr(req, res, next);
    });
  });
  return pageCache.forget;
}
