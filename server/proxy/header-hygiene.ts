import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";

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

/** Upstream answer headers for the browser: no hop-by-hop headers, cookies scoped to the portal host. */
export function browserResponseHeaders(
  headers: IncomingHttpHeaders,
  rewriteLocation: (location: string) => string,
): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (name === "set-cookie") {
      out[name] = (Array.isArray(value) ? value : [value]).map(firstPartyCookie);
    } else if (name === "location" && typeof value === "string") {
      out[name] = rewriteLocation(value);
    } else if (name === "access-control-allow-origin" || name === "content-security-policy") {
      continue;
    } else {
      out[name] = value;
    }
  }
  return out;
}

/** Drops the Domain attribute so the cookie belongs to the portal host only. */
export function firstPartyCookie(cookie: string): string {
  return cookie
    .split(";")
    .filter((part) => !/^\s*domain\s*=/i.test(part))
    .join(";");
}

/** Cookies the portal sets for itself: never the upstream's business. */
export function isPortalCookie(name: string): boolean {
  return (
    ["XSRF-TOKEN", "CITFAC_MAINTENANCE", "lang", "dev_logout"].includes(name) || name.startsWith("flow_")
  );
}

/** The browser's cookies minus the portal's own, as a Cookie header (undefined when nothing is left). */
export function upstreamCookieHeader(cookies: Record<string, string | undefined>): string | undefined {
  const parts = Object.entries(cookies)
    .filter(([name, value]) => value !== undefined && !isPortalCookie(name))
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`);
  return parts.length ? parts.join("; ") : undefined;
}
