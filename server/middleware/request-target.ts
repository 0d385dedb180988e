import type { RequestHandler } from "express";
import { sendPlainError } from "./plain-page.ts";
import { decodesWhole, pathOf } from "../proxy/path-guard.ts";

/** The methods the portal answers (pages, forms, the API proxy): the `Allow` header of every 405. */
export const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

/** Methods no page or API of the portal has: TRACE would echo the request (cookies included) back to scripts. */
export const REFUSED_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);

/**
 * Refuses requests no route can answer, before they reach a router that would fail on them (React Router cannot even
 * build a `Request` for TRACE): TRACE/TRACK/CONNECT → 405 with `Allow`; a request target that is not a path
 * (absolute form `GET http://evil.example/`, asterisk form `*`) → 400. Node answers TRACK and CONNECT itself
 * (see server.ts); they are listed here too in case a front proxy hands them over. A path whose escapes do not decode
 * (a lone `%`, bytes that are not UTF-8) → 400: no page has such an address, and React Router would print the whole
 * path, with whatever personal data it carries, straight to the console, past the logs' redaction.
 */
export function refuseUnsupportedRequests(): RequestHandler {
  return (req, res, next) => {
    if (REFUSED_METHODS.has(req.method)) {
      res.set("Allow", ALLOWED_METHODS);
      return sendPlainError(
        req,
        res,
        405,
        "server.methodNotAllowed.title",
        "server.methodNotAllowed.message",
      );
    }
    if (!req.url.startsWith("/") || !decodesWhole(pathOf(req.url))) {
      return sendPlainError(req, res, 400, "server.badRequest.title", "server.badRequest.message");
    }
    next();
  };
}
