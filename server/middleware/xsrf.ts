import type { Request, RequestHandler, Response } from "express";
import { lingerThenClose } from "./request-body.ts";
import { XSRF_COOKIE, XSRF_HEADER, XSRF_REJECTED_MESSAGE, logRefusedFormPost } from "#shared/xsrf.ts";
import { sendPlainError } from "./plain-page.ts";
import type { Logger } from "pino";
import { setPortalCookie } from "#server/security/cookies.ts";
import { ownOriginOf, senderOf } from "#server/security/same-origin.ts";
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
    /**
     * False for an unsafe page request that another site sent, or whose sender is unknown and whose token is missing
     * or wrong: the pages refuse it (root middleware), `formRefusal` says why.
     */
    xsrfValid: boolean;
    formRefusal?: "cross-site origin" | "form token missing or wrong";
    /** Whether this answer may carry the XSRF cookie (false for an anonymous public page: nothing personal on it). */
    xsrfCookieSent?: boolean;
  }
}

/**
 * Reads the double-submit token cookie, or makes one for this browser. The proxy's chain sends a new one at once
 * (`send`, scripts echo it); the pages' chain only when the answer is not an anonymous public page
 * (`sendXsrfCookie`, docs/decisions/anonymous-pages.md): a page any visitor may be given carries no cookie.
 */
export function issueXsrfCookie(options: { secure: boolean; send?: boolean }): RequestHandler {
  const send = options.send ?? true;
  return (req, res, next) => {
    const current = res.locals.cookies[XSRF_COOKIE];
    if (isWellFormedXsrfToken(current)) {
      res.locals.xsrfToken = current;
      res.locals.xsrfCookieSent = true;
    } else {
      res.locals.xsrfToken = createXsrfToken();
      res.locals.xsrfCookieSent = false;
      if (send) sendXsrfCookie(req, res, options.secure);
    }
    next();
  };
}

/** Sends the token made for this browser (once; nothing when the browser already holds one). */
export function sendXsrfCookie(req: Request, res: Response, secure: boolean): void {
  if (res.locals.xsrfCookieSent !== false) return;
  res.locals.xsrfCookieSent = true;
  res.append("Set-Cookie", setPortalCookie("xsrf", res.locals.xsrfToken, { secure: secure || req.secure }));
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
 * The one check of every unsafe page request (a form post with or without JavaScript, a resource route's action),
 * before anything reads its body: refused when another site sent it (`Sec-Fetch-Site`, `Origin`, `Referer`:
 * `server/security/same-origin.ts`), accepted when its own page did; only when the browser says nothing of where it
 * comes from does the double-submit token decide, from the `X-XSRF-TOKEN` header or the form's first bytes (the
 * `_xsrf` field comes first). The verdict goes to the pages, whose root middleware refuses the request; a refused
 * request's body is never kept, and its connection is closed shortly after the answer.
 */
export function checkFormXsrf(): RequestHandler {
  return async (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      res.locals.xsrfValid = true;
      return next();
    }
    const sender = senderOf(req.headers, ownOriginOf(req.protocol, req.host));
    if (sender === "same-origin") {
      res.locals.xsrfValid = true;
      return next();
    }
    if (sender === "cross-site") return refuse(req, res, next, "cross-site origin");
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
    if (xsrfMatches(cookie, echoed)) {
      res.locals.xsrfValid = true;
      return next();
    }
    refuse(req, res, next, "form token missing or wrong");
  };
}

function refuse(
  req: Request,
  res: Response,
  next: () => void,
  reason: NonNullable<Response["locals"]["formRefusal"]>,
) {
  res.locals.xsrfValid = false;
  res.locals.formRefusal = reason;
  res.locals.bodyPeek.discard();
  lingerThenClose(req, res);
  next();
}

/**
 * A refused form post to a resource route (a download's, a form endpoint without a page): its warn line and the
 * server's own 403 page in the visitor's language (JSON to a script). The pages' root middleware does both for any
 * other page.
 */
export function refuseResourceFormPost(req: Request, res: Response, logger: Logger): void {
  const log = (req as Request & { log?: Logger }).log ?? logger;
  logRefusedFormPost(log, req.method, req.path, res.locals.formRefusal ?? "form token missing or wrong");
  sendPlainError(req, res, 403, "server.formRefused.title", "server.formRefused.message");
}
