import type { RequestHandler } from "express";
import { parse } from "cookie";

declare module "express-serve-static-core" {
  interface Locals {
    cookies: Record<string, string | undefined>;
  }
}

/** Lenient cookie parsing: a malformed Cookie header is ignored, never a 500. */
export function parseCookies(): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.cookie;
    let cookies: Record<string, string | undefined> = {};
    if (header && header.length <= 8192) {
      try {
        cookies = parse(header);
      } catch {
        cookies = {};
      }
    }
    res.locals.cookies = cookies;
    next();
  };
}
