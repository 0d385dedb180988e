import { randomBytes, timingSafeEqual } from "node:crypto";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
export const XSRF_FIELD = "_xsrf";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function createXsrfToken(): string {
  return randomBytes(32).toString("base64url");
}

export function isWellFormedXsrfToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_SHAPE.test(value);
}

/** Double-submit check: the echoed value must equal the cookie the portal issued. */
export function xsrfMatches(cookieValue: unknown, echoed: unknown): boolean {
  if (!isWellFormedXsrfToken(cookieValue) || !isWellFormedXsrfToken(echoed)) return false;
  return timingSafeEqual(Buffer.from(cookieValue), Buffer.from(echoed));
}

export const XSRF_REJECTED_MESSAGE =
  "La richiesta non è stata accettata perché il modulo è scaduto o non proviene da questo portale. Ricarica la pagina e riprova.";
