import { FISCAL_CODE_PATTERN } from "./validation/fiscal-code.ts";

/**
 * Removes secrets and personal data from text bound for a log: URLs (the portal's access log, the sandbox's request
 * log) and error messages. Used by the server and the sandbox alike, so it lives here and imports nothing but the
 * fiscal code's shape (shared/validation/fiscal-code.ts, itself free of imports).
 *
 * - Italian personal fiscal codes (with omocodia substitutions) → `[cf]`: citizens' codes appear in upstream paths
 *   such as `/ppay/citizens/{cf}`.
 * - 11-digit company numbers (partita IVA) → `[piva]`.
 * - A payment notice's code (IUV: 15 to 35 digits, or a creditor reference `RF…`), in the portal's own paths such as
 *   `/area-personale/pagamenti/{iuv}/ricevuta` and the upstream's → `[iuv]`.
 * - E-mail addresses and international phone numbers (`+39…`), under any name or in a path → `[email]`, `[tel]`.
 * - The e-mailed appointment hash, a bearer secret: whoever holds it may change or cancel the appointment →
 *   `[hash]` in `/modifica-appuntamento/{hash}`, `/modifica-appuntamento/successo/{hash}`,
 *   `/appointments/hash/{hash}` and `?hash=`.
 * - Every query parameter that can hold personal data or a secret (`PERSONAL_QUERY_PARAMETERS`, the one list,
 *   docs/operations.md "Logs") → `[redacted]`, whatever its case.
 *
 * Percent-encoded spellings (also double-encoded, e.g. a path inside `?redirectTo=`) are decoded first.
 */
const FISCAL_CODE = new RegExp(FISCAL_CODE_PATTERN.source, "gi");
const COMPANY_NUMBER = /(?<![0-9])[0-9]{11}(?![0-9])/g;
const NOTICE_CODE =
  /(?<![0-9])[0-9]{15,35}(?![0-9])|(?<![A-Za-z0-9])RF[0-9]{2}[A-Za-z0-9]{1,21}(?![A-Za-z0-9])/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const INTERNATIONAL_PHONE = /(?<![A-Za-z0-9])\+[0-9]{8,15}(?![0-9])/g;
/** The segment after the prefix, unless it is the bare `successo` page; stops at path, query and quote characters. */
const HASH_IN_PATH =
  /(\/modifica-appuntamento\/(?:successo\/)?|\/appointments\/hash\/)(?!successo(?:[/?#&\s"'<>]|$))[^/?#&\s"'<>]+/gi;
const HASH_QUERY = /([?&]hash=)[^&#\s"'<>]*/gi;
/**
 * The query parameters whose values never reach a log (compared without regard to case): what identifies a person
 * (fiscal codes, VAT numbers, names), reaches them (e-mail, phone), locates them (an address searched, a point on the
 * map), what they wrote (searches, descriptions), and what opens something (one-time codes, tokens, passwords, a
 * payment notice's or position's code). The portal's own pages, its `/api` relay and its upstream calls use these
 * names (and the sandbox's log redacts with the same list).
 */
export const PERSONAL_QUERY_PARAMETERS = [
  // who
  "codice_fiscale",
  "codiceFiscale",
  "codiceFiscaleDelegante",
  "delegante",
  "codFisc",
  "cf",
  "partitaIva",
  "piva",
  "nome",
  "cognome",
  "name",
  // how to reach them
  "email",
  "mail",
  "pec",
  "tel",
  "telefono",
  "cellulare",
  "phone",
  "to",
  // where
  "q",
  "indirizzo",
  "address",
  "lat",
  "lon",
  // what they wrote (a CRM filter may name a fiscal code)
  "cerca",
  "search",
  "filter",
  "descrizione",
  "testo",
  "messaggio",
  // what opens something
  "otp",
  "codice",
  "token",
  "accessToken",
  "password",
  "iuv",
  "avviso",
  "codiceAvviso",
] as const;
const escapeName = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const SENSITIVE_QUERY = new RegExp(
  `([?&](?:${PERSONAL_QUERY_PARAMETERS.map(escapeName).join("|")})=)[^&#\\s"'<>]*`,
  "gi",
);
const ESCAPES = /(?:%[0-9a-f]{2})+/gi;
const MAX_DECODING_ROUNDS = 3;

/** Decodes the valid escapes and keeps the malformed ones: a bad escape must not hide an encoded secret. */
function decodeEscapes(text: string): string {
  return text.replace(ESCAPES, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      // not UTF-8 as a whole: decode the ASCII bytes one by one, leave the rest escaped
      return run.replace(/%([0-7][0-9a-f])/gi, (_escape, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
    }
  });
}

/** The values of the query parameters above, as far as the text spells them so far. */
function redactQueryValues(text: string): string {
  return text.replace(HASH_QUERY, "$1[hash]").replace(SENSITIVE_QUERY, "$1[redacted]");
}

/**
 * Decoded round by round, the query values redacted before each round: a value is cut while its `'`, `&`, `#`,
 * `"` or space are still escaped (`?q=Via+dell%27Orso+12`), where decoded they would end it early and leave the rest
 * in the log (`?q=[redacted]'Orso+12`); a query inside a parameter (`?redirectTo=%2Fx%3Fq%3D…`) once it is decoded.
 */
function decodeAndRedactQueries(text: string): string {
  let current = redactQueryValues(text);
  for (let round = 0; round < MAX_DECODING_ROUNDS; round++) {
    const next = decodeEscapes(current);
    if (next === current) break;
    current = redactQueryValues(next);
  }
  return current;
}

/** Any text (a URL, an error message, a stack trace) with the secrets above replaced. */
export function redactText(text: string): string {
  return decodeAndRedactQueries(text)
    .replace(HASH_IN_PATH, "$1[hash]")
    .replace(EMAIL, "[email]")
    .replace(FISCAL_CODE, "[cf]")
    .replace(NOTICE_CODE, "[iuv]")
    .replace(INTERNATIONAL_PHONE, "[tel]")
    .replace(COMPANY_NUMBER, "[piva]");
}

export function redactUrl(url: string | undefined): string | undefined {
  return url === undefined ? undefined : redactText(url);
}
