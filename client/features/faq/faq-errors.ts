import { data, isRouteErrorResponse } from "react-router";

/** What a FAQ page could not show; read by the FAQ error boundary and by the page title. */
export type FaqErrorKind = "answer-not-found" | "category-not-found" | "unavailable";

export type FaqErrorData = { faqError: FaqErrorKind };

const STATUS: Record<FaqErrorKind, number> = {
  "answer-not-found": 404,
  "category-not-found": 404,
  // The portal is fine, the knowledge base behind it is not: "Service Unavailable", with a hint to retry.
  unavailable: 503,
};

/** A thrown `data()` with the kind's status (404 or 503). */
export function faqError(kind: FaqErrorKind) {
  const headers: HeadersInit = kind === "unavailable" ? { "Retry-After": "120" } : {};
  return data<FaqErrorData>({ faqError: kind }, { status: STATUS[kind], headers });
}

/** The FAQ error kind of a caught route error, or null for any other error. */
export function faqErrorKind(error: unknown): FaqErrorKind | null {
  if (!isRouteErrorResponse(error)) return null;
  const kind = (error.data as Partial<FaqErrorData> | null)?.faqError;
  return kind === "answer-not-found" || kind === "category-not-found" || kind === "unavailable" ? kind : null;
}
