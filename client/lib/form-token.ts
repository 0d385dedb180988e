import type { MiddlewareFunction } from "react-router";
import { routeError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { getServices } from "./services.ts";

/**
 * Root middleware: every page request that is not a GET (a form post, with or without JavaScript) needs the
 * XSRF token, checked by the server before the body was read. No action can forget it.
 */
export const requireFormToken: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  if (!getServices(context).xsrfValid)
    throw routeError(403, { title: serverT(context)("form.xsrfRejected") });
  return next();
};
