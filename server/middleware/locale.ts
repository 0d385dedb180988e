import type { RequestHandler } from "express";
import { PORTAL_COOKIES } from "#shared/portal-cookies.ts";
import { setPortalCookie } from "#server/security/cookies.ts";
import type { Locale } from "#shared/locale.ts";

declare module "express-serve-static-core" {
  interface Locals {
    locale: Locale;
  }
}

export const LOCALE_COOKIE = PORTAL_COOKIES.locale.name;

/** Italian by default; `?lang=en|it` switches and is remembered in a first-party cookie (Secure over TLS). */
export function resolveLocale(options: { secure: boolean } = { secure: false }): RequestHandler {
  return (req, res, next) => {
    const asked = typeof req.query.lang === "string" ? req.query.lang : undefined;
    if (asked === "en" || asked === "it") {
      res.locals.locale = asked;
      res.append("Set-Cookie", setPortalCookie("locale", asked, { secure: options.secure || req.secure }));
    } else {
      res.locals.locale = res.locals.cookies[LOCALE_COOKIE] === "en" ? "en" : "it";
    }
    next();
  };
}
