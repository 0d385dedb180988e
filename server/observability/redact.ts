/**
 * Italian personal fiscal codes (with omocodia substitutions) and 11-digit company numbers inside URLs.
 * Logs must never contain them: citizens' codes appear in upstream paths such as /ppay/citizens/{cf}.
 */
const FISCAL_CODE = /[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPR-T][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]/gi;
const SENSITIVE_QUERY = /([?&](?:codice_fiscale|codiceFiscale|cf|codFisc|otp|token|password)=)[^&#]*/gi;

export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // keep the raw URL: a malformed escape is not a reason to lose the log line
  }
  const source = decoded === url ? url : decoded;
  return source.replace(SENSITIVE_QUERY, "$1[redacted]").replace(FISCAL_CODE, "[cf]");
}
