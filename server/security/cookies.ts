import { serialize } from "cookie";
import { PORTAL_COOKIES, type PortalCookie, type PortalCookieKey } from "#shared/portal-cookies.ts";

export { PORTAL_COOKIES, isPortalCookie, portalCookieFor } from "#shared/portal-cookies.ts";

/** `Secure` when the portal is configured as served over TLS, or this request came over TLS. */
export type CookieSecurity = { secure: boolean };

type SetOptions = CookieSecurity & {
  /** For a cookie family (`flow_`): the member's full name. */
  name?: string;
  /** Overrides the registered lifetime (e.g. a proof kept until its appointment is over). */
  expires?: Date;
};

function attributes(cookie: PortalCookie, options: SetOptions) {
  const expires = options.expires;
  const maxAge = expires ? Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000)) : cookie.maxAgeS;
  return {
    path: "/",
    httpOnly: cookie.httpOnly,
    sameSite: cookie.sameSite,
    secure: options.secure,
    ...(maxAge === undefined ? {} : { maxAge }),
    ...(expires ? { expires } : {}),
  } as const;
}

function nameOf(key: PortalCookieKey, options: SetOptions): string {
  const cookie: PortalCookie = PORTAL_COOKIES[key];
  if (!cookie.family) return cookie.name;
  if (!options.name?.startsWith(cookie.name)) throw new Error(`${options.name} is not a ${key} cookie`);
  return options.name;
}

/** The `Set-Cookie` value storing `value` (already sealed when the cookie is sealed) with the registered flags. */
export function setPortalCookie(key: PortalCookieKey, value: string, options: SetOptions): string {
  return serialize(nameOf(key, options), value, attributes(PORTAL_COOKIES[key], options));
}

/** The `Set-Cookie` value removing the cookie. */
export function clearPortalCookie(key: PortalCookieKey, options: CookieSecurity & { name?: string }): string {
  return serialize(nameOf(key, options), "", { ...attributes(PORTAL_COOKIES[key], options), maxAge: 0 });
}
