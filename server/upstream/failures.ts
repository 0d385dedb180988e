import { routeError } from "#shared/route-error.ts";
import { UpstreamError } from "./errors.ts";

const MESSAGES: Record<number, string> = {
  400: "La richiesta non è valida.",
  401: "Per continuare devi accedere con la tua identità digitale.",
  403: "Non hai i permessi per questa operazione.",
  404: "La risorsa richiesta non esiste o non è più disponibile.",
  409: "La richiesta è in conflitto con lo stato attuale.",
  422: "I dati inviati non sono stati accettati.",
  502: "Il servizio del Comune non risponde correttamente. Riprova tra qualche minuto.",
  504: "Il servizio del Comune non ha risposto in tempo. Riprova tra qualche minuto.",
};

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
export function toRouteFailure(error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const status = statusFor(error);
  const own = upstreamTitle(error.body);
  return routeError(status, {
    service: error.service,
    title: MESSAGES[status] ?? MESSAGES[502]!,
    details: status < 500 && own ? [own] : [],
  });
}

/** Wraps every async method of an API object (deeply) so its failures become route failures. */
export function withRouteFailures<T extends object>(api: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(api)) {
    if (typeof value === "function") {
      wrapped[key] = async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          throw toRouteFailure(error);
        }
      };
    } else if (typeof value === "object" && value !== null) {
      wrapped[key] = withRouteFailures(value);
    } else {
      wrapped[key] = value;
    }
  }
  return wrapped as T;
}
