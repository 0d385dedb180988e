import { FISCAL_CODE_PATTERN } from "./validation/fiscal-code.ts";

/**
 * Removes secrets and personal data from text bound for a log: URLs (the portal's access log, the sandbox's request
 * log) and error messages. Used by the server and the sandbox alike, so it lives here and imports nothing but the
 * fiscal code's shape (shared/validation/fiscal-code.ts, itself free of imports).
 *
 * - Italian personal fiscal codes (with omocodia substitutions) → `[cf]`: citizens' codes appear in upstream paths
 *   such as `/ppay/citizens/{cf}`.
 * - 11-digit company numbers (partita IVA) → `[piva]`.
 * - The e-mailed appointment hash, a bearer secret: whoever holds it may change or cancel the appointment →
 *   `[hash]` in `/modifica-appuntamento/{hash}`, `/modifica-appuntamento/successo/{hash}`,
 *   `/appointments/hash/{hash}` and `?hash=`.
 * - Sensitive query parameters (fiscal code, OTP, tokens, passwords, the hash) → `[redacted]`.
 *
 * Percent-encoded spellings (also double-encoded, e.g. a path inside `?redirectTo=`) are decoded first.
 */
const FISCAL_CODE = new RegExp(FISCAL_CODE_PATTERN.source, "gi");
const COMPANY_NUMBER = /(?<![0-9])[0-9]{11}(?![0-9])/g;
/** The segment after the prefix, unless it is the bare `successo` page; stops at path, query and quote characters. */
const HASH_IN_PATH =
  /(\/modifica-appuntamento\/(?:successo\/)?|\/appointments\/hash\/)(?!successo(?:[/?#&\s"'<>]|$))[^/?#&\s"'<>]+/gi;
const HASH_QUERY = /([?&]hash=)[^&#\s"'<>]*/gi;
const SENSITIVE_QUERY = /([?&](?:codice_fiscale|codiceFiscale|cf|codFisc|otp|token|password)=)[^&#\s"'<>]*/gi;
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

function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < MAX_DECODING_ROUNDS; round++) {
    const next = decodeEscapes(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Any text (a URL, an error message, a stack trace) with the secrets above replaced. */
export function redactText(text: string): string {
  return decodeFully(text)
    .replace(HASH_QUERY, "$1[hash]")
    .replace(SENSITIVE_QUERY, "$1[redacted]")
    .replace(HASH_IN_PATH, "$1[hash]")
    .replace(FISCAL_CODE, "[cf]")
    .replace(COMPANY_NUMBER, "[piva]");
}

export function redactUrl(url: string | undefined): string | undefined {
  return url === undefined ? undefined : redactText(url);
}
