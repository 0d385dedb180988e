import type { MiddlewareFunction } from "react-router";
import { routeError } from "#shared/route-error.ts";
import { redactText } from "#shared/redact.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { getServices } from "./services.ts";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Why a page's form post was refused, for its log line. */
export type FormPostRefusal = "cross-site origin" | "form token missing or wrong";

/**
 * A refused form post is another site's page (or a stale form) posting to ours: expected, not a failure. It is
 * logged once, at warn, with the method, the path (redacted) and the reason: never as an error with a stack.
 */
export function logRefusedFormPost(
  log: { warn: (object: object, message: string) => void },
  request: Request,
  reason: FormPostRefusal,
): void {
  log.warn(
    { method: request.method, path: redactText(new URL(request.url).pathname).slice(0, 300), reason },
    "form post refused",
  );
}

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
 */
export const requireFormToken: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const services = getServices(context);
  if (!services.xsrfValid) {
    logRefusedFormPost(services.log, request, services.formRefusal ?? "form token missing or wrong");
    throw routeError(403, { title: serverT(context)("form.xsrfRejected") });
  }
  return next();
};
