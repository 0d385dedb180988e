import { readRouteError, routeError } from "#shared/route-error.ts";

/** What a FAQ page could not show; read by the FAQ error boundary and by the page title. */
export type FaqErrorKind = "answer-not-found" | "category-not-found" | "unavailable";

const ERRORS: Record<FaqErrorKind, { status: number; title: string }> = {
  "answer-not-found": { status: 404, title: "Domanda non trovata" },
  "category-not-found": { status: 404, title: "Categoria non trovata" },
  // The portal is fine, the knowledge base behind it is not: "Service Unavailable", with a hint to retry.
  unavailable: { status: 503, title: "Le domande frequenti non sono disponibili in questo momento." },
};

const KIND_PREFIX = "faq:";

/** A route error with the kind's status (404 or 503), to throw from a FAQ loader. */
export function faqError(kind: FaqErrorKind) {
  const { status, title } = ERRORS[kind];
  const headers: HeadersInit | undefined = kind === "unavailable" ? { "Retry-After": "120" } : undefined;
  return routeError(status, { title, kind: `${KIND_PREFIX}${kind}`, headers });
}

/** The FAQ error kind of a caught route error, or null for any other error. */
export function faqErrorKind(error: unknown): FaqErrorKind | null {
  const kind = readRouteError(error)?.kind;
  if (!kind?.startsWith(KIND_PREFIX)) return null;
  const name = kind.slice(KIND_PREFIX.length);
  return name in ERRORS ? (name as FaqErrorKind) : null;
}
