import { routeError } from "#shared/route-error.ts";
import type { Locale } from "#shared/locale.ts";
import { UpstreamError } from "./errors.ts";

/** What the page says about a failed upstream call, in the request's locale. */
const MESSAGES_IT: Record<number, string> = {
  400: "La richiesta non è valida.",
  401: "Per continuare devi accedere con la tua identità digitale.",
  403: "Non hai i permessi per questa operazione.",
  404: "La risorsa richiesta non esiste o non è più disponibile.",
  409: "La richiesta è in conflitto con lo stato attuale.",
  422: "I dati inviati non sono stati accettati.",
  502: "Il servizio del Comune non risponde correttamente. Riprova tra qualche minuto.",
  504: "Il servizio del Comune non ha risposto in tempo. Riprova tra qualche minuto.",
};

const MESSAGES_EN: Record<number, string> = {
  400: "The request is not valid.",
  401: "To continue you need to log in with your digital identity.",
  403: "You are not allowed to do this.",
  404: "The requested resource does not exist or is no longer available.",
  409: "The request conflicts with the current state.",
  422: "The data sent were not accepted.",
  502: "The municipality's service is not answering correctly. Please try again in a few minutes.",
  504: "The municipality's service did not answer in time. Please try again in a few minutes.",
};

const MESSAGES: Record<Locale, Record<number, string>> = { it: MESSAGES_IT, en: MESSAGES_EN };

/** The one mapping of an upstream failure to the page's status: 4xx the portal can explain kept, timeouts 504, else 502. */
export function statusFor(error: UpstreamError): number {
  if (error.kind === "timeout") return 504;
  if (error.kind !== "status") return 502;
  if ([400, 401, 403, 404, 409, 422].includes(error.status)) return error.status;
  return 502;
}

function upstreamTitle(body: unknown): string | undefined {
  if (typeof body === "string" && body.length < 300) return body;
  if (typeof body === "object" && body !== null) {
    const b = body as { title?: unknown; error?: unknown };
    if (typeof b.title === "string") return b.title;
    if (typeof b.error === "string") return b.error;
  }
  return undefined;
}

/** Turns an UpstreamError into a thrown route error (`routeError`) with the right HTTP status; anything else as is. */
export function toRouteFailure(error: unknown, locale: Locale = "it"): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const status = statusFor(error);
  const own = upstreamTitle(error.body);
  return routeError(status, {
    service: error.service,
    title: MESSAGES[locale][status] ?? MESSAGES[locale][502]!,
    details: status < 500 && own ? [own] : [],
  });
}

/** Wraps every async method of an API object (deeply) so its failures become route failures (in `locale`). */
export function withRouteFailures<T extends object>(api: T, locale: Locale = "it"): T {
  const wrapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(api)) {
    if (typeof value === "function") {
      wrapped[key] = async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          throw toRouteFailure(error, locale);
        }
      };
    } else if (typeof value === "object" && value !== null) {
      wrapped[key] = withRouteFailures(value, locale);
    } else {
      wrapped[key] = value;
    }
  }
  return wrapped as T;
}
