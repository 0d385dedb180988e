import type { RequestHandler } from "express";
import { safeRedirectPath } from "#shared/redirector.ts";

/**
 * `/api/utenti/login?redirector=…` is a browser navigation: before it reaches the upstream, the redirector is
 * replaced by a same-origin path (or the personal area), so the login can never bounce a citizen elsewhere.
 */
export function guardLoginRedirector(): RequestHandler {
  return (req, _res, next) => {
    if (!/^\/api\/utenti\/login\/?$/i.test(req.path) || !("redirector" in req.query)) return next();
    const safe = safeRedirectPath(req.query.redirector);
    const url = new URL(req.url, "http://portal.invalid");
    url.searchParams.set("redirector", safe);
    req.url = url.pathname + url.search;
    next();
  };
}
