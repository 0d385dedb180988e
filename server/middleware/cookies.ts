import type { RequestHandler } from "express";
import { parse } from "cookie";

/** Where the parsed cookies keep the `Cookie` header as the browser sent it (see `upstreamCookieHeader`). */
export const RAW_COOKIE_HEADER = Symbol("raw Cookie header");

/** The browser's cookies, decoded, plus the header they were parsed from. */
export type CookieJar = Record<string, string | undefined> & { [RAW_COOKIE_HEADER]?: string };

declare module "express-serve-static-core" {
  interface Locals {
    cookies: CookieJar;
  }
}

/**
 * Lenient cookie parsing: a malformed Cookie header is ignored, never a 500. A long one is read whole (the server's
 * `maxHeaderSize` bounds it): ignoring it would drop the citizen's login with the rest.
 */
export function parseCookies(): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.cookie;
    let cookies: CookieJar = {};
    if (header) {
      try {
        cookies = parse(header);
        cookies[RAW_COOKIE_HEADER] = header;
      } catch {
        cookies = {};
      }
    }
    res.locals.cookies = cookies;
    next();
  };
}
