import { Link } from "react-router";

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

export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const texts = errorTexts(status);
  return (
    <div className="container my-5">
      <div className="row">
        <div className="col-12 col-lg-8">
          <h1 data-element="page-name">{texts.title}</h1>
          <p className="lead">{message ?? texts.message}</p>
          <p className="text-secondary">Codice errore: {status}</p>
          <Link className="btn btn-primary" to="/">
            Torna alla pagina iniziale
          </Link>
        </div>
      </div>
    </div>
  );
}
