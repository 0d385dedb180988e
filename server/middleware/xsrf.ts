import type { RequestHandler } from "express";
import { serialize } from "cookie";
import {
  XSRF_COOKIE,
  XSRF_HEADER,
  XSRF_REJECTED_MESSAGE,
  createXsrfToken,
  isWellFormedXsrfToken,
  xsrfMatches,
} from "#server/security/xsrf.ts";

declare module "express-serve-static-core" {
  interface Locals {
    xsrfToken: string;
  }
}

/** Issues the double-submit token cookie (readable by scripts, SameSite=Lax) when the browser has none. */
export function issueXsrfCookie(options: { secure: boolean }): RequestHandler {
  return (_req, res, next) => {
    const current = res.locals.cookies[XSRF_COOKIE];
    if (isWellFormedXsrfToken(current)) {
      res.locals.xsrfToken = current;
    } else {
      res.locals.xsrfToken = createXsrfToken();
      res.append(
        "Set-Cookie",
        serialize(XSRF_COOKIE, res.locals.xsrfToken, { path: "/", sameSite: "lax", secure: options.secure }),
      );
    }
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Unsafe methods must echo the XSRF cookie in the X-XSRF-TOKEN header. */
export function requireXsrfHeader(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (xsrfMatches(res.locals.cookies[XSRF_COOKIE], req.headers[XSRF_HEADER])) return next();
    res.status(403).json({ status: 403, title: XSRF_REJECTED_MESSAGE, details: [] });
  };
}
