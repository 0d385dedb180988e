import type { ServerResponse } from "node:http";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import compression from "compression";
import type { Logger } from "pino";
import type { Env } from "#config/env.ts";
import type { TenantHolder } from "#config/tenants.ts";
import { createMetrics, type Metrics } from "./observability/metrics.ts";
import { createSealer } from "./security/seal.ts";
import { createRateLimiter } from "./security/rate-limiter.ts";
import { createOtpSendLimiter } from "./security/otp-limits.ts";
import { requestLogging } from "./middleware/request-logging.ts";
import { proxyAccessLog } from "./observability/access-log.ts";
import { cspNonce, securityHeaders, setNonDocumentHeaders } from "./middleware/security-headers.ts";
import { operationsRouter } from "./middleware/operations.ts";
import { storeHealth, useRedisStore } from "#client/lib/store-backend.server.ts";
import { httpMetrics } from "./middleware/http-metrics.ts";
import { refuseUnsupportedRequests } from "./middleware/request-target.ts";
import { requireValidHost } from "./middleware/host-header.ts";
import { resolveTenant } from "./middleware/tenant.ts";
import { parseCookies } from "./middleware/cookies.ts";
import { SAFE_METHODS, checkFormXsrf, issueXsrfCookie, requireXsrfHeader } from "./middleware/xsrf.ts";
import { readMaintenanceCredential } from "./middleware/maintenance-credential.ts";
import { resolveLocale } from "./middleware/locale.ts";
import { collectIdentityHeaders } from "./middleware/identity-headers.ts";
import { limitRequestBody } from "./middleware/request-body.ts";
import { errorHandler } from "./middleware/errors.ts";
import { flatChain } from "./middleware/flat-chain.ts";
import { apiProxy, upstreamPool } from "./proxy/api-proxy.ts";
import { PROXIED_PATH, guardProxyPath } from "./proxy/path-guard.ts";
import { createLagMonitor, shedOverload, type LagSource } from "./middleware/overload.ts";
import { createPageCache } from "./render/page-cache.ts";
import type { SsrHandler } from "./render/public-pages.ts";
import { requestLocale, serverText } from "./texts.ts";
import { guardLoginRedirector } from "./proxy/login-redirector.ts";
import { installProxyLane } from "./proxy/proxy-lane.ts";
import { proxyRoutesFor, type ProxyRoute } from "./proxy/allow-list.ts";
import { gateProxyCalls } from "./proxy/proxy-gate.ts";
import { createSessionCitizen } from "./proxy/session-citizen.ts";
import { createGeocoding } from "./geocoding/router.ts";
import { createTenantService, type TenantService } from "./upstream/tenant-config.ts";
import { createRequestServices } from "./render/request-services.ts";
import { BUILD_DIR } from "./render/load-ssr-handler.ts";
import { precompressedAssets } from "./middleware/precompressed-assets.ts";
import { createFlowState } from "./render/flow-state.ts";
import { tileOrigin } from "#shared/map-tiles.ts";
import { ASSETS_PREFIX, isAssetPath } from "./operational-paths.ts";

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
};

/** The municipality configuration service on the upstream BFF, shared by pages, readiness and proxy. */
export function createTenantServiceFor(
  deps: Pick<AppDeps, "env" | "upstreamUrl" | "logger">,
  metrics: Metrics,
) {
  return createTenantService({
    upstream: { baseUrl: deps.upstreamUrl, timeoutMs: deps.env.UPSTREAM_TIMEOUT_MS, metrics },
    ttlMs: deps.env.TENANT_CONFIG_TTL_S * 1000,
    maxStaleMs: 24 * 60 * 60 * 1000,
    metrics,
    onRefreshError: (key, error) =>
      deps.logger.warn({ key, error: { message: (error as Error).message } }, "tenant config refresh failed"),
  });
}

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

/** What a hashed build asset needs: no sniffing, HTTPS only behind TLS, no use by other sites' pages. */
function assetHeaders(behindTls: boolean) {
  return (res: ServerResponse) => {
    setNonDocumentHeaders(res, behindTls);
    res.setHeader("cross-origin-resource-policy", "same-origin");
  };
}

/**
 * What the asset route refuses (a file that does not exist, e.g. an old hash after a deployment; a malformed path) is
 * answered in plain text, never with a page: pages need the nonce that asset requests do not get. (Other methods
 * than GET and HEAD get serve-static's own empty 405 with `Allow`.)
 */
const missingAsset: ErrorRequestHandler = (error: { status?: number }, req, res, next) => {
  const status = error.status ?? 500;
  if (status < 400 || status >= 500) return next(error);
  res
    .status(status)
    .set({ "cache-control": "no-store", "x-content-type-options": "nosniff" })
    .type("text/plain")
    .send(
      `${serverText(requestLocale(req), status === 404 ? "server.fileNotFound" : "server.badRequest.message")}\n`,
    );
};

export function createApp(deps: AppDeps) {
  const { env, logger } = deps;
  const metrics = deps.metrics ?? createMetrics();
  const production = env.NODE_ENV === "production";
  const behindTls = env.TRUST_PROXY !== false;
  const secureCookies = production && behindTls;
  const secrets = { current: deps.secret, previous: deps.previousSecrets ?? [] };
  const sealer = createSealer(secrets, "maintenance-credential");
  const tenantService = deps.tenantService ?? createTenantServiceFor(deps, metrics);
  // The shared store (Valkey/Redis) every replica uses; without REDIS_URL everything stays in this process.
  if (env.REDIS_URL)
    useRedisStore(env.REDIS_URL, (message, err) =>
      err ? logger.warn({ err }, message) : logger.info(message),
    );
  // A reloaded tenants file: what is held for municipalities that left (or now ask another upstream host) goes, and
  // new ones start loading their configuration, as at start-up.
  const forgetOnChange: ((id: string) => void)[] = [];
  deps.tenants.onChange((change) => {
    for (const gone of [...change.removed, ...change.changed.map((c) => c.before)]) {
      tenantService.forget(gone);
      for (const forget of forgetOnChange) forget(gone.id);
    }
    for (const tenant of change.added) tenantService.comune(tenant).catch(() => {});
  });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.set("query parser", "simple");

  // Every request: its access log line (proxied calls the lean one: same fields, no per-request child logger; pages
  // pino-http), metrics, the body limit (before anything can read a body: counts its bytes as they arrive and keeps
  // its first ones for the XSRF check) and overload shedding (new page and API reads get a 503 at once under sustained
  // lag with reads in flight, or past the cap; health, assets, the route manifest and login/logout never). One
  // instance of each serves both paths (one in-flight count).
  const pageLog = requestLogging(logger);
  const proxyLog = proxyAccessLog(logger);
  const countRequest = httpMetrics(metrics);
  const documentHeaders = flatChain([
    cspNonce(),
    securityHeaders({
      production,
      behindTls,
      devConnectSrc: production ? [] : ["ws:"],
      devFormAction: production ? [] : ["http://127.0.0.1:*", "http://localhost:*"],
      tileOrigin: deps.mapTileUrl ? tileOrigin(deps.mapTileUrl) : undefined,
    }),
  ]);
  const proxiedAnswerHeaders = (res: ServerResponse) => {
    setNonDocumentHeaders(res, behindTls);
    res.setHeader("referrer-policy", "strict-origin-when-cross-origin");
  };
  // A 413 is answered by the body limit itself, before the middleware that sets the headers of every other answer:
  // it sets them too (the nonce, CSP and helmet's set are synchronous), a page's or a proxied answer's.
  const limitBody = limitRequestBody({ limit: env.BODY_LIMIT, uploadLimit: env.UPLOAD_LIMIT }, (req, res) =>
    PROXIED_PATH.test(req.path)
      ? proxiedAnswerHeaders(res)
      : documentHeaders(req as express.Request, res as express.Response, () => undefined),
  );
  const lag =
    deps.lag ?? (env.SHED_LAG_MS > 0 ? createLagMonitor({ window: env.SHED_LAG_WINDOW }).lag : () => 0);
  const shed = shedOverload({
    lag,
    thresholdMs: env.SHED_LAG_MS,
    retryAfterS: env.SHED_RETRY_AFTER_S,
    lagMinInFlight: env.SHED_LAG_MIN_IN_FLIGHT,
    maxInFlight: env.SHED_MAX_IN_FLIGHT,
    metrics,
  });

  // The lean proxy (docs/decisions/lean-proxy.md): /api and /api-public first, as one flat chain (no router layer
  // per step) and before any HTML work (nonce, CSP, compression), with what a proxied request needs: request-target
  // and Host checks, the tenant, cookies, the allow list (docs/decisions/proxy-allow-list.md: anything else is a 404
  // without an upstream call; fiscal codes must be the session's own), the XSRF check for mutations, the maintenance credential, trusted
  // identity headers, a pooled upstream connection. Targets starting with /api/ or /api-public/ reach it through the
  // lane past Express's router (installProxyLane, at the end); the others through the router's first layer below.
  // Paths with dot segments, `;` parameters or suspicious escapes are refused (400) before anything matches them; a
  // path that only resolves to /api (`/x/../api/…`) is refused on the pages' side too (pagePrelude).
  const guard = guardProxyPath((reason) => logger.warn({ reason }, "proxy path refused"));
  const proxyChain = flatChain([
    proxyLog,
    countRequest,
    limitBody,
    shed,
    refuseUnsupportedRequests(),
    requireValidHost(),
    resolveTenant(deps.tenants),
    parseCookies(),
    issueXsrfCookie({ secure: secureCookies }),
    readMaintenanceCredential(sealer, { secure: secureCookies }),
    collectIdentityHeaders(env.TRUSTED_IDENTITY_HEADERS),
    guard,
    gateProxyCalls({
      routes: deps.proxyRoutes ?? proxyRoutesFor({ demo: deps.sandbox }),
      sessionCitizen: createSessionCitizen({ tenantService }),
      logger,
    }),
    requireXsrfHeader(),
    guardLoginRedirector(),
    (_req, res, next) => {
      proxiedAnswerHeaders(res);
      next();
    },
    apiProxy({
      target: deps.upstreamUrl,
      secureCookies,
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      deadlineMs: env.UPSTREAM_DEADLINE_MS,
      trustedIdentityHeaders: env.TRUSTED_IDENTITY_HEADERS,
      metrics,
      logger,
      pool: upstreamPool(deps.upstreamUrl, {
        keepAliveMs: env.UPSTREAM_KEEPALIVE_MS,
        maxSockets: env.UPSTREAM_MAX_SOCKETS,
        connectTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
      }),
    }),
  ]);
  const pagePrelude = flatChain([
    pageLog,
    countRequest,
    limitBody,
    shed,
    (req, res, next) => (req.url.includes("api") ? guard(req, res, next) : next()),
  ]);
  app.use((req, res, next) => (PROXIED_PATH.test(req.path) ? proxyChain : pagePrelude)(req, res, next));

  // Documents get the nonce and the full set of security headers; the build's hashed assets (scripts, styles, fonts,
  // the icon sprite) only what applies to them (`assetHeaders` below): a CSP or frame options on a font is ~1 kB of
  // headers per file on a first visit, and a random nonce per file for nothing.
  const servesAssets = deps.staticDir !== false;
  app.use((req, res, next) =>
    servesAssets && isAssetPath(req.path) ? next() : documentHeaders(req, res, next),
  );
  // TRACE and absolute-form targets (405/400) and duplicate or malformed Host headers (400), before anything routes.
  app.use(refuseUnsupportedRequests());
  app.use(requireValidHost());
  app.use(
    operationsRouter({
      tenants: deps.tenants,
      metrics,
      checkTenant: (tenant) => tenantService.readiness(tenant),
      store: env.REDIS_URL ? storeHealth : undefined,
    }),
  );

  // Compress pages, and the assets the build did not compress (proxied upstream answers never get here).
  app.use(compression());

  if (deps.staticDir !== false) {
    const dir = deps.staticDir ?? `${BUILD_DIR}/client`;
    app.use(
      ASSETS_PREFIX,
      precompressedAssets(`${dir}/assets`),
      express.static(`${dir}/assets`, {
        immutable: true,
        maxAge: "1y",
        index: false,
        fallthrough: false,
        setHeaders: assetHeaders(behindTls),
      }),
      missingAsset,
    );
    // Only names with an extension are files here (favicon.svg…): pages (`/`, `/faq`) skip the stat and the
    // not-found error object `send` would make for every one of them.
    // The push service worker (issue #29) is `no-cache`: a browser checks it on every registration, so a new build
    // reaches it at once (and the scope it claims is fixed by the page, not by the file).
    const rootFiles = express.static(dir, {
      maxAge: "1h",
      index: false,
      setHeaders: (res, path) => {
        if (path.endsWith("/firebase-messaging-sw.js")) res.setHeader("Cache-Control", "no-cache");
      },
    });
    app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? rootFiles(req, res, next) : next()));
  }

  app.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));
  app.use(resolveTenant(deps.tenants));
  app.use(parseCookies());
  app.use(issueXsrfCookie({ secure: secureCookies }));
  app.use(readMaintenanceCredential(sealer, { secure: secureCookies }));
  app.use(collectIdentityHeaders(env.TRUSTED_IDENTITY_HEADERS));

  app.use(checkFormXsrf());
  const geocoding = createGeocoding({
    baseUrl: deps.geocoderUrl,
    userAgent: env.GEOCODER_USER_AGENT,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    queueMax: env.GEOCODER_QUEUE_MAX,
    queuePerClient: env.GEOCODER_QUEUE_PER_CLIENT,
    metrics,
  });
  app.use("/geocoding", geocoding.router);

  app.use(resolveLocale({ secure: secureCookies }));
  for (const handler of deps.beforePages ?? []) app.use(handler);
  if (deps.ssrHandler) {
    const servicesDeps = {
      publicEnv: {
        sandbox: deps.sandbox,
        devTools: env.DEV_TOOLS && !production,
        mapTileUrl: deps.mapTileUrl,
      },
      sealer,
      secureCookies,
      flowState: createFlowState(secrets),
      tenantService,
      metrics,
      logger,
      uploads: {
        fileLimit: env.UPLOAD_FILE_LIMIT,
        maxFiles: env.UPLOAD_MAX_FILES,
        totalLimit: env.UPLOAD_LIMIT,
      },
      geocoder: geocoding,
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
    const ssr = deps.ssrHandler;
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
    forgetOnChange.push(pageCache.forget);
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
  }
  const lastErrorHandler = errorHandler(logger);
  app.use(lastErrorHandler);
  installProxyLane(app, proxyChain, lastErrorHandler);
  return { app, metrics, tenantService };
}
