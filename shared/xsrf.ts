import { redactText } from "./redact.ts";

/** The double-submit token: a cookie, echoed by scripts as a header and by forms as their first field. */
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
export const XSRF_FIELD = "_xsrf";

export const XSRF_REJECTED_MESSAGE =
  "La richiesta non è stata accettata perché il modulo è scaduto o non proviene da questo portale. Ricarica la pagina e riprova.";

/** The route error `kind` of a refused form post: its error page leads back to the form's page, not only home. */
export const FORM_REFUSED = "form:refused";

/** Why a form post was refused, for its log line. */
export type FormPostRefusal = "cross-site origin" | "form token missing or wrong";

/**
 * A refused form post is another site's page (or a stale form) posting to ours: expected, not a failure. It is
 * logged once, at warn, with the method, the path (redacted) and the reason: never as an error with a stack. By the
 * pages' root middleware, or by the server for a resource route's (server/app/pages.ts).
 */
export function logRefusedFormPost(
  log: { warn: (object: object, message: string) => void },
  method: string,
  pathname: string,
  reason: FormPostRefusal,
): void {
  log.warn({ method, path: redactText(pathname).slice(0, 300), reason }, "form post refused");
}
