import type { RequestHandler } from "express";
import { FLOW_COOKIE_PREFIX, PORTAL_COOKIES } from "#shared/portal-cookies.ts";
import { fromAnotherSite } from "#shared/fetch-site.ts";

/**
 * The portal's logout page (client/routes.ts; the image has no client/ code, so the path is repeated here and
 * logout-handover.test.ts checks it is the route's).
 */
export const PORTAL_LOGOUT_PATH = "/logout";

/** The portal's own state a logout must clear: its flows, the acting-for choice, the browser's id. */
const CLEARED_AT_LOGOUT = new Set<string>([PORTAL_COOKIES.actingFor.name, PORTAL_COOKIES.browser.name]);

/**
 * The upstream's logout navigation (`/api/utenti/logout`) relayed as it is would end the SSO session and leave the
 * portal's state in the browser: the citizen's flows (uploaded documents named in them), the acting-for choice, the
 * push token registration (issue #36). While the browser holds any of it, the proxy sends it to the portal's
 * `/logout` first, which clears all of it (client/lib/logout.server.ts) and comes back here without it: then the call
 * is relayed. So the upstream's logout and the portal's clear alike, whichever the browser was sent to. A navigation
 * from another site (`Sec-Fetch-Site`) goes there too, whatever the browser holds: the portal's page asks before it
 * ends anything (client/routes/logout.tsx), where the upstream's logout would end the session at once.
 */
export function handOverLogout(): RequestHandler {
  return (req, res, next) => {
    if (!/^\/api\/utenti\/logout\/?$/.test(req.path) || (req.method !== "GET" && req.method !== "HEAD"))
      return next();
    const cookies = res.locals.cookies as Record<string, string | undefined>;
    const holds = Object.entries(cookies).some(
      ([name, value]) =>
        value !== undefined &&
        value !== "" &&
        (name.startsWith(FLOW_COOKIE_PREFIX) || CLEARED_AT_LOGOUT.has(name)),
    );
    if (!holds && !fromAnotherSite(req.headers["sec-fetch-site"])) return next();
    res.status(302).set("location", PORTAL_LOGOUT_PATH).set("cache-control", "no-store").end();
  };
}
