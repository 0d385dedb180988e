import type { RequestHandler } from "express";
import { serialize } from "cookie";

export type Locale = "it" | "en";

declare module "express-serve-static-core" {
  interface Locals {
    locale: Locale;
  }
}

export const LOCALE_COOKIE = "lang";

/** Italian by default; `?lang=en|it` switches and is remembered in a first-party cookie (Secure over TLS). */
export function resolveLocale(options: { secure: boolean } = { secure: false }): RequestHandler {
  return (req, res, next) => {
    const asked = typeof req.query.lang === "string" ? req.query.lang : undefined;
    if (asked === "en" || asked === "it") {
      res.locals.locale = asked;
      res.append(
        "Set-Cookie",
        serialize(LOCALE_COOKIE, asked, {
          path: "/",
          sameSite: "lax",
          maxAge: 31536000,
          secure: options.secure || req.secure,
        }),
      );
    } else {
      res.locals.locale = res.locals.cookies[LOCALE_COOKIE] === "en" ? "en" : "it";
    }
    next();
  };
}
