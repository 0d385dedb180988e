import type { MiddlewareFunction } from "react-router";
import { routeError } from "#shared/route-error.ts";
import { FORM_REFUSED, logRefusedFormPost } from "#shared/xsrf.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { getServices } from "./services.ts";
import { loadRootData } from "./root-loader.server.ts";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether React Router refuses this request's action before any of ours runs (its own CSRF check in
 * `handleDocumentRequest`): a mutation whose `Origin` header is not this request's origin (an unparsable or
 * `null` one included). No origin is allowed besides the page's own (react-router.config.ts sets no
 * `allowedActionOrigins`). The same test as React Router's, on the same request, so its thrown `Error` is known
 * for what it is without reading its message.
 */
export function isCrossOriginAction(request: Request): boolean {
  if (!MUTATIONS.has(request.method)) return false;
  const origin = request.headers.get("origin");
  if (origin === null || origin === "") return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

/**
 * Root middleware: every page request that is not a GET (a form post, with or without JavaScript, the action of a
 * resource route) must come from the portal's own pages: checked by the server before the body was read
 * (`checkFormXsrf`: same origin by `Sec-Fetch-Site`/`Origin`/`Referer`, else the XSRF token). No action can forget it.
 * The refusal is a 403 page in the visitor's language with the municipality's shell: the root loader has not run, so
 * its data comes with the error (none when the upstream cannot give it: the page is then the bare error page).
 */
export const requireFormToken: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const services = getServices(context);
  if (!services.xsrfValid) {
    logRefusedFormPost(
      services.log,
      request.method,
      new URL(request.url).pathname,
      services.formRefusal ?? "form token missing or wrong",
    );
    const rootData = await loadRootData(request, context).catch(() => undefined);
    throw routeError(403, { title: serverT(context)("form.xsrfRejected"), kind: FORM_REFUSED, rootData });
  }
  return next();
};
