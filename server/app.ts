import express, { type Express } from "express";
import compression from "compression";
import { operationsRouter } from "./middleware/operations.ts";
import { storeHealth, useRedisStore } from "#server/store/shared-store.ts";
import { useStoreKeySecret } from "#shared/store-port.server.ts";
import { refuseUnsupportedRequests } from "./middleware/request-target.ts";
import { requireValidHost } from "./middleware/host-header.ts";
import { resolveTenant } from "./middleware/tenant.ts";
import { parseCookies } from "./middleware/cookies.ts";
import { checkFormXsrf, issueXsrfCookie } from "./middleware/xsrf.ts";
import { readMaintenanceCredential } from "./middleware/maintenance-credential.ts";
import { resolveLocale } from "./middleware/locale.ts";
import { collectIdentityHeaders } from "./middleware/identity-headers.ts";
import { errorHandler } from "./middleware/errors.ts";
import { flatChain } from "./middleware/flat-chain.ts";
import { PROXIED_PATH, guardProxyPath } from "./proxy/path-guard.ts";
import { installProxyLane } from "./proxy/proxy-lane.ts";
import { createGeocoding } from "./geocoding/router.ts";
import { isAssetPath } from "./operational-paths.ts";
import { appContext, type AppContext, type AppDeps } from "./app/context.ts";
import { requestGate, type RequestGate } from "./app/request-gate.ts";
import { proxyChain } from "./app/proxy.ts";
import { mountAssets } from "./app/assets.ts";
import { mountPages, pageCacheOptions } from "./app/pages.ts";
import { createPageCache } from "./render/page-cache.ts";

export { createTenantServiceFor, type AppDeps } from "./app/context.ts";

/**
 * The shared store (Valkey/Redis) every replica uses; without REDIS_URL everything stays in this process. Its keys'
 * personal parts are hashed under a key derived from PORTAL_SECRET (the same on every replica).
 */
function connectSharedStore({ env, logger, metrics, secrets }: AppContext): void {
  useStoreKeySecret(secrets.current);
  metrics.watchStore(storeHealth);
  if (!env.REDIS_URL) return;
  useRedisStore(
    env.REDIS_URL,
    (message, err) => (err ? logger.warn({ err }, message) : logger.info(message)),
    (seconds, outcome) => metrics.storeCommands.observe({ outcome }, seconds),
  );
}

/**
 * A reloaded tenants file: what is held for municipalities that left (or now ask another upstream host) goes, and
 * new ones start loading their configuration, as at start-up. Returns where the parts that hold more register.
 */
function followTenantChanges({ deps, tenantService }: AppContext): ((id: string) => void)[] {
  const forgetOnChange: ((id: string) => void)[] = [];
  deps.tenants.onChange((change) => {
    // What a municipality's pages were made of goes with it (the page cache, keyed by its hosts' pages); its
    // configuration only with its upstream host: a host name added or removed leaves it as held, so an upstream
    // failing at that moment does not take the municipality offline. A new configuration is loaded at once.
    const reconfigured = change.changed.filter((c) => c.before.upstreamHost !== c.after.upstreamHost);
    for (const gone of [...change.removed, ...reconfigured.map((c) => c.before)]) tenantService.forget(gone);
    for (const gone of [...change.removed, ...change.changed.map((c) => c.before)])
      for (const forget of forgetOnChange) forget(gone.id);
    for (const tenant of [...change.added, ...reconfigured.map((c) => c.after)])
      tenantService.comune(tenant).catch(() => {});
  });
  return forgetOnChange;
}

/**
 * The first layer: /api and /api-public go through the lean proxy chain (targets starting with /api/ or /api-public/
 * reach it through the lane past Express's router, installProxyLane, at the end; the others through this layer);
 * everything else through the pages' prelude. A path that only resolves to /api (`/x/../api/…`) is refused on the
 * pages' side too.
 */
function mountRequestGate(
  app: Express,
  ctx: AppContext,
  gate: RequestGate,
  pageCache: ReturnType<typeof createPageCache> | undefined,
) {
  const guard = guardProxyPath(
    (reason) => ctx.logger.warn({ reason }, "proxy path refused"),
    gate.proxiedAnswerHeaders,
  );
  const proxy = proxyChain(ctx, gate, guard);
  const pagePrelude = flatChain([
    gate.pageLog,
    gate.countRequest,
    gate.limitBody,
    gate.shed,
    (req, res, next) => (req.url.includes("api") ? guard(req, res, next) : next()),
    // A stored anonymous page is answered here: one lookup and one write of its precomputed head and bytes.
    ...(pageCache ? [pageCache.lane] : []),
  ]);
  app.use((req, res, next) => (PROXIED_PATH.test(req.path) ? proxy : pagePrelude)(req, res, next));
  return proxy;
}

/** Security headers, request-target and Host checks, the operational endpoints (health, metrics), compression. */
function mountSecurityAndOperations(app: Express, ctx: AppContext, gate: RequestGate) {
  const { deps, env, metrics, tenantService } = ctx;
  // Documents get the nonce and the full set of security headers; the build's hashed assets (scripts, styles, fonts,
  // the icon sprite) only what applies to them (`assetHeaders`): a CSP or frame options on a font is ~1 kB of
  // headers per file on a first visit, and a random nonce per file for nothing.
  const servesAssets = deps.staticDir !== false;
  app.use((req, res, next) =>
    servesAssets && isAssetPath(req.path) ? next() : gate.documentHeaders(req, res, next),
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
}

/** The request's municipality, cookies, XSRF, maintenance credential, identity headers and the form's XSRF check. */
function mountRequestIdentity(app: Express, { deps, env, sealers, secureCookies }: AppContext) {
  app.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));
  app.use(resolveTenant(deps.tenants));
  app.use(parseCookies());
  // The cookie goes with every page but an anonymous public one (mountPages).
  app.use(issueXsrfCookie({ secure: secureCookies, send: false }));
  app.use(readMaintenanceCredential(sealers, { secure: secureCookies }));
  app.use(collectIdentityHeaders(env.TRUSTED_IDENTITY_HEADERS));
  app.use(checkFormXsrf());
}

function mountGeocoding(app: Express, { deps, env, metrics }: AppContext) {
  const geocoding = createGeocoding({
    baseUrl: deps.geocoderUrl,
    userAgent: env.GEOCODER_USER_AGENT,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    queueMax: env.GEOCODER_QUEUE_MAX,
    queuePerClient: env.GEOCODER_QUEUE_PER_CLIENT,
    metrics,
  });
  app.use("/geocoding", geocoding.router);
  return geocoding;
}

/**
 * The portal's Express app, in the order a request meets it: the request gate (logs, metrics, body limit, shedding;
 * the lean proxy branches off here), security headers and operations, the build's assets, the request's identity,
 * geocoding, the locale, and the pages behind the page cache; the last error handler.
 */
export function createApp(deps: AppDeps) {
  const ctx = appContext(deps);
  connectSharedStore(ctx);
  ctx.metrics.watchMunicipalities(() =>
    deps.tenants.current().all.map((t) => [t.id, ctx.tenantService.readiness(t)] as const),
  );
  const forgetOnChange = followTenantChanges(ctx);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", ctx.env.TRUST_PROXY);
  app.set("query parser", "simple");

  const gate = requestGate(ctx);
  const pageCache = deps.ssrHandler ? createPageCache(pageCacheOptions(ctx, deps.ssrHandler)) : undefined;
  const proxy = mountRequestGate(app, ctx, gate, pageCache);
  mountSecurityAndOperations(app, ctx, gate);
  if (deps.staticDir !== false) mountAssets(app, deps.staticDir, ctx.behindTls);
  mountRequestIdentity(app, ctx);
  const geocoding = mountGeocoding(app, ctx);
  app.use(resolveLocale({ secure: ctx.secureCookies }));
  for (const handler of deps.beforePages ?? []) app.use(handler);
  if (deps.ssrHandler && pageCache)
    forgetOnChange.push(mountPages(app, ctx, deps.ssrHandler, pageCache, geocoding));

  const lastErrorHandler = errorHandler(ctx.logger);
  app.use(lastErrorHandler);
  installProxyLane(app, proxy, lastErrorHandler);
  return { app, metrics: ctx.metrics, tenantService: ctx.tenantService };
}
