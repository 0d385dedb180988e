import { refuseUnsupportedRequests } from "../middleware/request-target.ts";
import { requireValidHost } from "../middleware/host-header.ts";
import { resolveTenant } from "../middleware/tenant.ts";
import { parseCookies } from "../middleware/cookies.ts";
import { issueXsrfCookie, requireXsrfHeader } from "../middleware/xsrf.ts";
import { readMaintenanceCredential } from "../middleware/maintenance-credential.ts";
import { collectIdentityHeaders } from "../middleware/identity-headers.ts";
import { flatChain } from "../middleware/flat-chain.ts";
import { apiProxy, upstreamPool } from "../proxy/api-proxy.ts";
import type { guardProxyPath } from "../proxy/path-guard.ts";
import { guardLoginRedirector } from "../proxy/login-redirector.ts";
import { handOverLogout } from "../proxy/logout-handover.ts";
import { proxyRoutesFor } from "../proxy/allow-list.ts";
import { gateProxyCalls } from "../proxy/proxy-gate.ts";
import { createSessionCitizen } from "../proxy/session-citizen.ts";
import type { AppContext } from "./context.ts";
import type { RequestGate } from "./request-gate.ts";

/**
 * The lean proxy (docs/decisions/lean-proxy.md): /api and /api-public, as one flat chain (no router layer per step)
 * and before any HTML work (nonce, CSP, compression), with what a proxied request needs: request-target and Host
 * checks, the tenant, cookies, the allow list (docs/decisions/proxy-allow-list.md: anything else is a 404 without an
 * upstream call; fiscal codes must be the session's own), the XSRF check for mutations, the maintenance credential,
 * trusted identity headers, a pooled upstream connection. Paths with dot segments, `;` parameters or suspicious
 * escapes are refused (400) by `guard` before anything matches them.
 */
export function proxyChain(
  { deps, env, logger, metrics, secureCookies, sealers, tenantService }: AppContext,
  gate: RequestGate,
  guard: ReturnType<typeof guardProxyPath>,
) {
  return flatChain([
    gate.proxyLog,
    gate.countRequest,
    // Every answer of this lane, the refusals below included (shed, 405/400, unknown host, the allow list's 404/400,
    // XSRF 403): nosniff, and HSTS behind TLS. A relayed answer keeps them (the upstream's own are dropped).
    (_req, res, next) => {
      gate.proxiedAnswerHeaders(res);
      next();
    },
    gate.limitBody,
    gate.shed,
    refuseUnsupportedRequests(),
    requireValidHost(),
    resolveTenant(deps.tenants),
    parseCookies(),
    issueXsrfCookie({ secure: secureCookies }),
    readMaintenanceCredential(sealers, { secure: secureCookies }),
    collectIdentityHeaders(env.TRUSTED_IDENTITY_HEADERS),
    guard,
    gateProxyCalls({
      routes: deps.proxyRoutes ?? proxyRoutesFor({ demo: deps.sandbox }),
      sessionCitizen: createSessionCitizen({ tenantService }),
      logger,
    }),
    handOverLogout(),
    requireXsrfHeader(),
    guardLoginRedirector(),
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
}
