import type { IncomingHttpHeaders } from "node:http";
import type { Response } from "express";
import { resolveLocale, type Locale } from "#shared/locale.ts";
import { PORTAL_COOKIES } from "#shared/portal-cookies.ts";
import { provideEnglish, translate, type MessageParams } from "#shared/translate.ts";
import { serverEn } from "./texts.en.ts";

/**
 * The server's own answers (before or beside React: unknown host, bad request, overload, failed upstream calls, the
 * proxy's and the address search's refusals), a catalogue read through the one `translate` (shared/translate.ts).
 * English: texts.en.ts, every key (the compiler refuses a missing one). Words of a log line are not texts.
 */
export const serverIt = {
  "server.badRequest.title": "Richiesta non valida",
  "server.badRequest.message": "Richiesta non valida.",
  "server.badHost.message": "L'indirizzo del sito richiesto non è valido.",
  "server.methodNotAllowed.title": "Metodo non consentito",
  "server.methodNotAllowed.message": "Il metodo della richiesta non è consentito su questo sito.",
  "server.formRefused.title": "Accesso negato",
  "server.formRefused.message":
    "La richiesta non è stata accettata perché il modulo è scaduto o non proviene da questo portale: non è stato inviato nulla. Torna alla pagina del modulo, aprila di nuovo e riprova.",
  "server.unknownTenant.title": "Comune non trovato",
  "server.unknownTenant.message":
    "Questo indirizzo non corrisponde a nessun Comune servito dal portale. Controlla l'indirizzo digitato.",
  "server.error.title": "Si è verificato un errore",
  "server.error.tooLarge": "Il contenuto inviato è troppo grande.",
  "server.error.invalid": "La richiesta non è valida.",
  "server.error.unexpected": "Si è verificato un errore inatteso. Riprova tra qualche minuto.",
  "server.fileNotFound": "File non trovato.",
  "server.headersTooLarge":
    "Le intestazioni della richiesta sono troppo grandi. Cancella i cookie del sito e riprova.",
  "server.tooLarge.title": "Contenuto troppo grande",
  "server.tooLarge.message": "Il contenuto inviato è troppo grande (massimo {max}).",
  "server.pageTitle": "{title} - Portale del Cittadino",
  "server.shed.title": "Il portale è molto richiesto in questo momento",
  "server.shed.message":
    "Il portale è molto richiesto in questo momento: riprova tra qualche secondo. Ci scusiamo per il disagio.",
  "server.shed.page":
    "Stiamo ricevendo molte richieste tutte insieme. Riprova tra {seconds} secondi: ci scusiamo per il disagio.",
  "server.shed.reload": "Ricarica la pagina",
  "server.upstream.400": "La richiesta non è valida.",
  "server.upstream.401": "Per continuare devi accedere con la tua identità digitale.",
  "server.upstream.403": "Non hai i permessi per questa operazione.",
  "server.upstream.404": "La risorsa richiesta non esiste o non è più disponibile.",
  "server.upstream.405": "Il servizio del Comune non consente questa operazione.",
  "server.upstream.409": "La richiesta è in conflitto con lo stato attuale.",
  "server.upstream.422": "I dati inviati non sono stati accettati.",
  "server.upstream.502": "Il servizio del Comune non risponde correttamente. Riprova tra qualche minuto.",
  "server.upstream.504": "Il servizio del Comune non ha risposto in tempo. Riprova tra qualche minuto.",
  "server.upstream.unreachable":
    "Il servizio del Comune non è raggiungibile in questo momento. Riprova tra qualche minuto.",
  "server.proxy.notRelayed": "La risorsa richiesta non esiste.",
  "server.proxy.invalidAddress": "Indirizzo della richiesta non valido.",
  "server.proxy.foreignFiscalCode":
    "Operazione non consentita: puoi accedere solo ai tuoi dati, con il codice fiscale dell'utente collegato.",
  "server.geocoding.busy":
    "Troppe richieste di ricerca indirizzi in questo momento. Riprova tra qualche secondo.",
  "server.geocoding.unavailable":
    "Il servizio di ricerca degli indirizzi non è disponibile in questo momento. Riprova più tardi.",
  "server.geocoding.invalid": "Parametri di ricerca non validi.",
  "server.geocoding.tooShort": "Scrivi almeno 3 caratteri.",
  "server.geocoding.tooLong": "Il testo è troppo lungo.",
} as const satisfies Record<string, string>;

export type ServerTextKey = keyof typeof serverIt;

provideEnglish(serverEn);

export const isServerTextKey = (key: string): key is ServerTextKey => Object.hasOwn(serverIt, key);

/** A server answer's text in `locale`. */
export function serverText(locale: Locale, key: ServerTextKey, params?: MessageParams): string {
  return translate(locale, [serverIt], key, params);
}

const LANG_COOKIE = new RegExp(`(?:^|;\\s*)${PORTAL_COOKIES.locale.name}=([^;]*)`);

/**
 * The language of the page that made the request, for answers given before the locale middleware ran (it sets
 * `res.locals.locale`): `?lang=`, else the language cookie, else Italian.
 */
export function requestLocale(
  req: { query?: Record<string, unknown>; headers: IncomingHttpHeaders },
  res?: { locals?: Partial<Response["locals"]> },
): Locale {
  const settled = res?.locals?.locale;
  if (settled) return settled;
  const asked = typeof req.query?.lang === "string" ? req.query.lang : undefined;
  if (asked === "en" || asked === "it") return asked;
  return resolveLocale(LANG_COOKIE.exec(req.headers.cookie ?? "")?.[1] ?? null);
}
