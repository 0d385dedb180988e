import { Link } from "react-router";
import { caughtStatus, readRouteError } from "#shared/route-error.ts";
import { href } from "#client/lib/links.ts";

const TEXTS: Record<number, { title: string; message: string }> = {
  400: { title: "Richiesta non valida", message: "La richiesta contiene dati non validi." },
  401: {
    title: "Accesso richiesto",
    message: "Per vedere questa pagina devi accedere con la tua identità digitale.",
  },
  403: { title: "Accesso negato", message: "Non hai i permessi per vedere questa pagina." },
  404: { title: "Pagina non trovata", message: "La pagina che cerchi non esiste o è stata spostata." },
  413: { title: "Contenuto troppo grande", message: "Il contenuto inviato supera la dimensione consentita." },
  502: {
    title: "Servizio non disponibile",
    message: "Il servizio del Comune non risponde correttamente. Riprova tra qualche minuto.",
  },
  503: { title: "Servizio non disponibile", message: "Il servizio è momentaneamente non disponibile." },
  504: {
    title: "Servizio non disponibile",
    message: "Il servizio del Comune non ha risposto in tempo. Riprova tra qualche minuto.",
  },
};

export function errorTexts(status: number) {
  return (
    TEXTS[status] ?? {
      title: "Si è verificato un errore",
      message: "Qualcosa non ha funzionato. Riprova tra qualche minuto.",
    }
  );
}

export type ErrorPageProps = {
  /** What the error boundary caught: a route error (`routeError`) gives the status and the message. */
  error?: unknown;
  /** Without a caught error (e.g. the catch-all 404 route), or to override its status. */
  status?: number;
  message?: string;
};

/** The one error page: per-status title and text; a route error's own title replaces the text. */
export function ErrorPage({ error, status, message }: ErrorPageProps) {
  const found = readRouteError(error);
  const code = status ?? found?.status ?? caughtStatus(error);
  const texts = errorTexts(code);
  return (
    <div className="container my-5">
      <div className="row">
        <div className="col-12 col-lg-8">
          <h1 data-element="page-name">{texts.title}</h1>
          <p className="lead">{message ?? found?.title ?? texts.message}</p>
          <p className="text-secondary">Codice errore: {code}</p>
          <Link className="btn btn-primary" to={href("/")}>
            Torna alla pagina iniziale
          </Link>
        </div>
      </div>
    </div>
  );
}
