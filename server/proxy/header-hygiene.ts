import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import { RAW_COOKIE_HEADER, type CookieJar } from "#server/middleware/cookies.ts";
import { isPortalCookie } from "#shared/portal-cookies.ts";

/** Identity headers the SSO reverse proxy may inject; never taken from a client unless configured as trusted. */
const IDENTITY_PREFIXES = ["shib-", "x-remote-user", "remote-user", "x-forwarded-user"];

export function isIdentityHeader(name: string, trusted: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return trusted.includes(lower) || IDENTITY_PREFIXES.some((p) => lower.startsWith(p));
}

/** The configured trusted identity headers present on the request, lower-cased, single-valued. */
export function trustedIdentityHeaders(
  headers: IncomingHttpHeaders,
  trusted: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of trusted) {
    const value = headers[name];
    if (typeof value === "string" && value.length <= 512) out[name] = value;
  }
  return out;
}

/** Headers a client may not choose for the upstream: the portal sets them itself. */
export function isPortalOwnedHeader(name: string, trusted: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return (
    lower === "authorization" ||
    lower === "forwarded" ||
    lower.startsWith("x-forwarded-") ||
    lower === "x-real-ip" ||
    lower === "x-xsrf-token" ||
    isIdentityHeader(lower, trusted)
  );
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/**
 * Upstream answer headers for the browser: no hop-by-hop headers, cookies scoped to the portal host. The upstream's
 * own Content-Security-Policy goes with its answer (its pages know what they load); without one the portal's strict
 * default stays (`RELAYED_ANSWER_POLICY`).
 */
export function browserResponseHeaders(
  headers: IncomingHttpHeaders,
  rewriteLocation: (location: string) => string,
  options: { secure: boolean } = { secure: false },
): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (name === "set-cookie") {
      out[name] = (Array.isArray(value) ? value : [value]).map((c) => firstPartyCookie(c, options));
    } else if (name === "location" && typeof value === "string") {
      out[name] = rewriteLocation(value);
    } else if (name === "access-control-allow-origin") {
      continue;
    } else {
      out[name] = value;
    }
  }
  // Answers of the upstream are the citizen's (session, appointments, payments): no shared cache may keep them
  // unless the upstream says how, and a cache must tell citizens apart by their cookies.
  out["cache-control"] ??= "no-store";
  out.vary = out.vary ? `${String(out.vary)}, Cookie` : "Cookie";
  return out;
}

/** Drops the Domain attribute so the cookie belongs to the portal host only; `Secure` when served over TLS. */
export function firstPartyCookie(cookie: string, options: { secure: boolean } = { secure: false }): string {
  const parts = cookie.split(";").filter((part) => !/^\s*domain\s*=/i.test(part));
  if (options.secure && !parts.some((part) => /^\s*secure\s*$/i.test(part))) parts.push(" Secure");
  return parts.join(";");
}

export { isPortalCookie };

/**
 * The browser's Cookie header minus the portal's own cookies (undefined when nothing is left). Each pair is forwarded
 * byte for byte as the browser sent it: only the names are read, values are never decoded and encoded again (that
 * would turn `+`, `/` and `=` into escapes and `%2B` into `+`, breaking upstream session cookies). Takes the raw
 * header, or the cookies parsed by `parseCookies()`, which keep it.
 */
export function upstreamCookieHeader(cookies: CookieJar | string | undefined): string | undefined {
  const header = typeof cookies === "object" ? cookies[RAW_COOKIE_HEADER] : cookies;
  if (!header) return undefined;
  const pairs = header
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => {
      const equals = pair.indexOf("=");
      return equals > 0 && !isPortalCookie(pair.slice(0, equals).trim());
    });
  return pairs.length ? pairs.join("; ") : undefined;
}
