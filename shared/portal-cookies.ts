import { XSRF_COOKIE } from "./xsrf.ts";

/**
 * How a portal cookie's value is protected: `sealed` (AES-256-GCM with the server secret, see
 * server/security/seal.ts), `plain` (nothing to protect: a random token or a preference).
 */
export type CookieProtection = "sealed" | "plain";

export type PortalCookie = {
  /** The cookie's name, or for a family of cookies (one per flow) the prefix of their names. */
  name: string;
  family?: true;
  httpOnly: boolean;
  sameSite: "lax" | "strict";
  protection: CookieProtection;
  /** Seconds; absent for a session cookie. */
  maxAgeS?: number;
};

/**
 * Every cookie the portal sets for itself: the one registry used to set them (server/security/cookies.ts) and to keep
 * them from the upstream (server/proxy/header-hygiene.ts). A cookie missing here would leak upstream: add it here.
 * All are `Path=/`; `Secure` when the portal is served over TLS (configured, or the request came over TLS).
 */
export const PORTAL_COOKIES = {
  /** The double-submit token, read by scripts and echoed as `X-XSRF-TOKEN` or the `_xsrf` form field. */
  xsrf: { name: XSRF_COOKIE, httpOnly: false, sameSite: "lax", protection: "plain" },
  /** The maintenance credential (the spec's session-storage key as name). */
  maintenance: { name: "CITFAC_MAINTENANCE", httpOnly: true, sameSite: "strict", protection: "sealed" },
  /**
   * A browser the maintainer logged in from (sealed: the municipality and a random id), for 90 days: its maintenance
   * logins count against its own limit, not the address's or the municipality's, so a flood of wrong logins from
   * elsewhere cannot lock the maintainer out (server/security/rate-limiter.ts).
   */
  maintenanceDevice: {
    name: "CITFAC_MAINTENANCE_DEVICE",
    httpOnly: true,
    sameSite: "strict",
    protection: "sealed",
    maxAgeS: 90 * 24 * 60 * 60,
  },
  /** The chosen language, `it` or `en`, for a year. */
  locale: {
    name: "lang",
    httpOnly: false,
    sameSite: "lax",
    protection: "plain",
    maxAgeS: 365 * 24 * 60 * 60,
  },
  /** Development only: the simulated logout. */
  devLogout: { name: "dev_logout", httpOnly: true, sameSite: "lax", protection: "plain" },
  /**
   * DELEGHE acting-for (issue #28): per asset, the delegation the citizen chose to act under (sealed; session). The
   * portal re-checks it upstream on every request; a cookie not sealed by the portal means no acting-for.
   */
  actingFor: { name: "CITFAC_DELEGANTE", httpOnly: true, sameSite: "lax", protection: "sealed" },
  /** One per multi-step flow (`flow_<name>`): its state. */
  flow: { name: "flow_", family: true, httpOnly: true, sameSite: "lax", protection: "sealed" },
} as const satisfies Record<string, PortalCookie>;

export type PortalCookieKey = keyof typeof PORTAL_COOKIES;

/** The registered cookie a name belongs to, if any. */
export function portalCookieFor(name: string): PortalCookie | undefined {
  return Object.values(PORTAL_COOKIES).find((c: PortalCookie) =>
    c.family ? name.startsWith(c.name) : name === c.name,
  );
}

/** True for a cookie the portal sets for itself: never the upstream's business. */
export function isPortalCookie(name: string): boolean {
  return portalCookieFor(name) !== undefined;
}
