import type express from "express";
import type { Express } from "express";
import { createRateLimiter } from "../security/rate-limiter.ts";
import { createOtpSendLimiter } from "../security/otp-limits.ts";
import { SAFE_METHODS } from "../middleware/xsrf.ts";
import { createPageCache } from "../render/page-cache.ts";
import type { SsrHandler } from "../render/public-pages.ts";
import { createRequestServices } from "../render/request-services.ts";
import { createActingForCookie } from "../render/acting-for-cookie.ts";
import { createFlowState } from "../render/flow-state.ts";
import type { createGeocoding } from "../geocoding/router.ts";
import type { AppContext } from "./context.ts";

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
function pageLimiters({ env, logger }: AppContext) {
  return {
    loginLimiter: createRateLimiter({
      name: "maintenance-login",
      windowMs: env.MAINTENANCE_LOGIN_WINDOW_S * 1000,
      perClient: env.MAINTENANCE_LOGIN_PER_CLIENT,
      perTenant: env.MAINTENANCE_LOGIN_PER_TENANT,
      onLimited: (event) => logger.warn(event, "maintenance login rate limit reached"),
    }),
    paymentCreateLimiter: createRateLimiter({
      name: "payment-create",
      windowMs: env.PAYMENT_CREATE_WINDOW_S * 1000,
      perClient: env.PAYMENT_CREATE_PER_CLIENT,
      perTenant: env.PAYMENT_CREATE_PER_TENANT,
      onLimited: (event) => logger.warn(event, "anonymous payment creation rate limit reached"),
    }),
    otpLimiter: createOtpSendLimiter({
      windowMs: env.OTP_SEND_WINDOW_S * 1000,
      perClient: env.OTP_SEND_PER_CLIENT,
      perContact: env.OTP_SEND_PER_CONTACT,
      onLimited: (event) => logger.warn(event, "one-time code sending limit reached"),
    }),
  };
}

/** What each page request's services are made from (`createRequestServices`). */
function requestServicesDeps(ctx: AppContext, geocoder: ReturnType<typeof createGeocoding>) {
  const { deps, env, production } = ctx;
  return {
    publicEnv: { sandbox: deps.sandbox, devTools: env.DEV_TOOLS && !production, mapTileUrl: deps.mapTileUrl },
    sealer: ctx.sealer,
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

/**
 * The pages: React Router behind the page cache. Returns what a municipality's leaving must forget (its cached pages).
 */
export function mountPages(
  app: Express,
  ctx: AppContext,
  ssr: SsrHandler,
  geocoder: ReturnType<typeof createGeocoding>,
): (tenantId: string) => void {
  const { env, tenantService, metrics } = ctx;
  const servicesDeps = requestServicesDeps(ctx, geocoder);
  const pageCache = createPageCache({
    ttlMs: env.PAGE_CACHE_TTL_S * 1000,
    maxEntries: env.PAGE_CACHE_MAX_ENTRIES,
    maxBytes: env.PAGE_CACHE_MAX_BYTES,
    identityCookies: env.IDENTITY_COOKIES,
    // The build's route modules say which pages are public; a handler without a build (development, tests'
    // stand-ins) caches nothing.
    publicPage: ssr.publicPage ?? (() => false),
    versionOf: (tenant) => tenantService.configVersion(tenant),
    metrics,
  });
  app.use(async (req, res, next) => {
    // A form post reaches its action only once its whole body is in, within the limit (else it got its 413).
    if (!SAFE_METHODS.has(req.method) && res.locals.xsrfValid && !(await res.locals.bodyPeek.complete()))
      return;
    // Every page carries this visitor's XSRF token, and may carry the citizen or a flow: no cache may keep it.
    // A route that serves something else sets its own Cache-Control, which replaces this default (below).
    res.setHeader("cache-control", "no-store");
    res.append("vary", "Cookie");
    replaceSingleValuedHeaders(res);
    // Anonymous public pages: a HIT answers here, without React and without the request's services (it only needs
    // a freshly masked XSRF token); a MISS gets them, renders and may be stored.
    return pageCache.middleware(req, res, () => {
      res.locals.services = createRequestServices(servicesDeps, req, res);
      ssr(req, res, next);
    });
  });
  return pageCache.forget;
}
