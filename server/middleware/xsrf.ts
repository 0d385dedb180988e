import type { RequestHandler } from "express";
import { lingerThenClose } from "./request-body.ts";
import { XSRF_COOKIE, XSRF_HEADER, XSRF_REJECTED_MESSAGE } from "#shared/xsrf.ts";
import { setPortalCookie } from "#server/security/cookies.ts";
import {
  XSRF_PEEK_BYTES,
  createXsrfToken,
  isWellFormedXsrfToken,
  xsrfFieldFromPrefix,
  xsrfMatches,
} from "#server/security/xsrf.ts";

declare module "express-serve-static-core" {
  interface Locals {
    xsrfToken: string;
    /** False for an unsafe page request whose token is missing or wrong: the pages refuse it (root middleware). */
    xsrfValid: boolean;
  }
}

/** Issues the double-submit token cookie (readable by scripts, SameSite=Lax) when the browser has none. */
export function issueXsrfCookie(options: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    const current = res.locals.cookies[XSRF_COOKIE];
    if (isWellFormedXsrfToken(current)) {
      res.locals.xsrfToken = current;
    } else {
      res.locals.xsrfToken = createXsrfToken();
      res.append(
        "Set-Cookie",
        setPortalCookie("xsrf", res.locals.xsrfToken, { secure: options.secure || req.secure }),
      );
    }
    next();
  };
}

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Unsafe methods must echo the XSRF cookie in the X-XSRF-TOKEN header. */
export function requireXsrfHeader(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (xsrfMatches(res.locals.cookies[XSRF_COOKIE], req.headers[XSRF_HEADER])) return next();
    res.status(403).json({ status: 403, title: XSRF_REJECTED_MESSAGE, details: [] });
  };
}

/**
 * Checks the token of an unsafe page request (a form post, with or without JavaScript) before anything reads its
 * body: from the `X-XSRF-TOKEN` header, or from the form's first bytes (the `_xsrf` field comes first). The verdict
 * goes to the pages, whose root middleware refuses the request; a refused request's body is never kept, and its
 * connection is closed shortly after the answer.
 */
export function checkFormXsrf(): RequestHandler {
  return async (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      res.locals.xsrfValid = true;
      return next();
    }
    const cookie = res.locals.cookies[XSRF_COOKIE];
    const header = req.headers[XSRF_HEADER];
    let echoed: string | undefined = typeof header === "string" ? header : undefined;
    if (echoed === undefined) {
      const type = String(req.headers["content-type"] ?? "").toLowerCase();
      const prefix = await res.locals.bodyPeek.until(
        (text, ended) => xsrfFieldFromPrefix(type, text, ended) !== "incomplete",
        XSRF_PEEK_BYTES,
      );
      const field = xsrfFieldFromPrefix(type, prefix.text, true);
      echoed = field === "incomplete" ? undefined : field;
    }
    res.locals.xsrfValid = xsrfMatches(cookie, echoed);
    if (!res.locals.xsrfValid) {
      res.locals.bodyPeek.discard();
      lingerThenClose(req, res);
    }
    next();
  };
}
