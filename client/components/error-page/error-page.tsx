import { Link, useLocation } from "react-router";
import { FORM_REFUSED } from "#shared/xsrf.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { caughtStatus, readRouteError } from "#shared/route-error.ts";
import { href } from "#client/lib/links.ts";
import { useT } from "#client/i18n/i18n-context.tsx";

const WORDED_STATUSES = [400, 401, 403, 404, 413, 502, 503, 504] as const;
type WordedStatus = (typeof WORDED_STATUSES)[number];

/** The catalogue keys of a status's title and text (a status without its own wording: the generic ones). */
export function errorTextKeys(status: number) {
  const worded = (WORDED_STATUSES as readonly number[]).includes(status) ? (status as WordedStatus) : null;
  return worded === null
    ? ({ title: "error.other.title", message: "error.other.message" } as const)
    : ({ title: `error.${worded}.title`, message: `error.${worded}.message` } as const);
}

/**
 * An upstream failure (a 5xx route error) where a page names it in a section of its own (a message's, a ticket's):
 * its own title is a sentence ("Il servizio del Comune non risponde correttamente. Riprova…"), so the heading and the
 * document's title are its status's short title ("Servizio non disponibile") and the sentence is the text. Null for
 * any other error.
 */
export function upstreamFailureWording(error: unknown) {
  const found = readRouteError(error);
  return found && found.status >= 500
    ? { titleKey: errorTextKeys(found.status).title, text: found.title }
    : null;
}

export type ErrorPageProps = {
  /** What the error boundary caught: a route error (`routeError`) gives the status and the message. */
  error?: unknown;
  /** Without a caught error (e.g. the catch-all 404 route), or to override its status. */
  status?: number;
  message?: string;
};

/**
 * The one error page: per-status title and text; a route error's own title replaces the text. A refused form post
 * leads back to its form: the same address, loaded as a new document (reloading the refused post would send it again,
 * and another site's post came without the visitor's cookies, so this page may not be in his language or session).
 */
export function ErrorPage({ error, status, message }: ErrorPageProps) {
  const found = readRouteError(error);
  const code = status ?? found?.status ?? caughtStatus(error);
  const t = useT();
  const keys = errorTextKeys(code);
  const { pathname, search } = useLocation();
  return (
    <div className="container my-5">
      <div className="row">
        <div className="col-12 col-lg-8">
          <h1 data-element="page-name">{t(keys.title)}</h1>
          <p className="lead">{message ?? found?.title ?? t(keys.message)}</p>
          <p className="text-secondary">{t("error.code", { code })}</p>
          {found?.kind === FORM_REFUSED ? (
            <div className="d-flex flex-wrap gap-3">
              <Link className="btn btn-primary" to={currentPathHref(pathname, search)} reloadDocument>
                {t("error.toForm")}
              </Link>
              <Link className="btn btn-outline-primary" to={href("/")}>
                {t("error.toHome")}
              </Link>
            </div>
          ) : (
            <Link className="btn btn-primary" to={href("/")}>
              {t("error.toHome")}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
