import { serialize } from "cookie";
import { PORTAL_COOKIES, type PortalCookie, type PortalCookieKey } from "#shared/portal-cookies.ts";

export { PORTAL_COOKIES, isPortalCookie, portalCookieFor } from "#shared/portal-cookies.ts";

/** `Secure` when the portal is configured as served over TLS, or this request came over TLS. */
export type CookieSecurity = { secure: boolean };

type SetOptions = CookieSecurity & {
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

/** The `Set-Cookie` value storing `value` (already sealed when the cookie is sealed) with the registered flags. */
export function setPortalCookie(key: PortalCookieKey, value: string, options: SetOptions): string {
  return serialize(PORTAL_COOKIES[key].name, value, attributes(PORTAL_COOKIES[key], options));
}

/** The `Set-Cookie` value removing the cookie. */
export function clearPortalCookie(key: PortalCookieKey, options: CookieSecurity): string {
  return serialize(PORTAL_COOKIES[key].name, "", { ...attributes(PORTAL_COOKIES[key], options), maxAge: 0 });
}
