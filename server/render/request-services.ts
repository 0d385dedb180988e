import type { Request, Response } from "express";
import type { Logger } from "pino";
import type { RequestServices } from "#client/context.ts";
import type { PublicEnv } from "#config/public.ts";
import type { Metrics } from "#server/observability/metrics.ts";
import {
  maintenanceCookies,
  readKnownDevice,
  type MaintenanceSealers,
} from "#server/middleware/maintenance-credential.ts";
import { createPortalApi } from "#server/upstream/portal-api.ts";
import type { TenantService } from "#server/upstream/tenant-config.ts";
import { clearPortalCookie, setPortalCookie } from "#server/security/cookies.ts";
import { PORTAL_COOKIES } from "#shared/portal-cookies.ts";
import { withRouteFailures } from "#server/upstream/failures.ts";
import { upstreamCookieHeader } from "#server/proxy/header-hygiene.ts";
import { maskXsrfToken } from "#server/security/xsrf.ts";
import { clientSource } from "#server/security/client-source.ts";
import type { RateLimiter } from "#server/security/rate-limiter.ts";
import type { OtpSendLimiter } from "#server/security/otp-limits.ts";
import type { createFlowState } from "./flow-state.ts";
import type { createActingForCookie } from "./acting-for-cookie.ts";
import type { Geocoder } from "#server/geocoding/router.ts";

export type RequestServicesDeps = {
  flowState: ReturnType<typeof createFlowState>;
  actingForCookie: ReturnType<typeof createActingForCookie>;
  publicEnv: PublicEnv;
  sealers: MaintenanceSealers;
  secureCookies: boolean;
  tenantService: TenantService;
  metrics: Metrics;
  logger: Logger;
  loginLimiter: RateLimiter;
  /** Anonymous creation of debt positions (spontaneous payments and notices). */
  paymentCreateLimiter: RateLimiter;
  otpLimiter: OtpSendLimiter;
  uploads: { fileLimit: number; maxFiles: number; totalLimit: number };
  /** Server-side geocoding (absent in tests that do not need it). */
  geocoder?: Geocoder;
  writes: RequestServices["writes"];
};

function abortOnDisconnect(req: Request, res: Response): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  req.on("aborted", () => controller.abort());
  return controller.signal;
}

export function createRequestServices(
  deps: RequestServicesDeps,
  req: Request,
  res: Response,
): RequestServices {
  const tenant = res.locals.portalTenant;
  const secure = deps.secureCookies || req.secure;
  const cookies = maintenanceCookies(deps.sealers, secure);
  const api = createPortalApi(
    {
      ...deps.tenantService.scope(tenant),
      cookie: upstreamCookieHeader(res.locals.cookies),
      identityHeaders: res.locals.identityHeaders,
      authorization: res.locals.maintenanceAuthorization,
      // A page's reads stop when the browser goes away; a form post's write does not: its outcome must be known (and
      // remembered for the next submission, client/lib/write-once.server.ts) even when nobody waits for the answer.
      signal: req.method === "POST" ? undefined : abortOnDisconnect(req, res),
    },
    tenant,
    deps.tenantService,
  );
  const log = (req as Request & { log?: Logger }).log ?? deps.logger;
  const geocoder = deps.geocoder;
  const signal = abortOnDisconnect(req, res);
  // The source quotas count against: the address, an IPv6 one cut to its /64 (issue #36).
  const client = clientSource(req.ip);
  return {
    api: withRouteFailures(api, res.locals.locale),
    tenantId: tenant.id,
    clientAddress: client,
    documentRequest: !req.path.endsWith(".data"),
    nonce: res.locals.cspNonce,
    // An anonymous public page is the same for every visitor: no token in it (its forms are same-origin checked).
    xsrfToken: res.locals.anonymousPage ? "" : maskXsrfToken(res.locals.xsrfToken),
    xsrfValid: res.locals.xsrfValid,
    formRefusal: res.locals.formRefusal,
    uploads: deps.uploads,
    geocoding: geocoder
      ? {
          search: (q) => geocoder.search(q, client, signal),
          reverse: (lat, lon) => geocoder.reverse(lat, lon, client, signal),
        }
      : undefined,
    env: deps.publicEnv,
    locale: res.locals.locale,
    log,
    flow: deps.flowState(res.locals.cookies, { secure }),
    actingFor: deps.actingForCookie(res.locals.cookies, { secure }),
    cookies: res.locals.cookies,
    devLogout: {
      active: deps.publicEnv.devTools && res.locals.cookies[PORTAL_COOKIES.devLogout.name] === "1",
      toggle: (on) =>
        on ? setPortalCookie("devLogout", "1", { secure }) : clearPortalCookie("devLogout", { secure }),
    },
    otp: {
      attemptSend: (contact) => deps.otpLimiter.attempt(tenant.id, client, contact),
    },
    maintenance: {
      held: res.locals.maintenanceAuthorization !== undefined,
      sealCookie: cookies.seal,
      clearCookie: cookies.clear,
      knownDeviceCookie: () => cookies.knownDevice(tenant.id),
      attemptLogin: () =>
        deps.loginLimiter.attempt(
          tenant.id,
          client,
          readKnownDevice(deps.sealers, res.locals.cookies[PORTAL_COOKIES.maintenanceDevice.name], tenant.id),
        ),
    },
    writes: deps.writes,
    payments: {
      attemptAnonymousCreate: () => deps.paymentCreateLimiter.attempt(tenant.id, client),
    },
  };
}
