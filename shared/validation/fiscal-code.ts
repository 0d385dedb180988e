/**
 * The one implementation of the Italian personal fiscal code (DM 23/12/1976), for the portal, the sandbox and the
 * log redaction alike. Imports nothing.
 *
 * - The portal's rule (spec §5, `isValidFiscalCode`): exactly 16 letters or digits, case-insensitive, and the 16th
 *   character is the check letter of the first 15.
 * - The full shape (`FISCAL_CODE_PATTERN`, `isWellFormedFiscalCode`): surname and name letters, year, month letter,
 *   day, municipality, with the omocodia letters in place of digits; the sandbox, an honest upstream, asks for it.
 * - Comparing two codes (`sameFiscalCode`): case and surrounding spaces aside, character for character. A code with
 *   omocodia letters (`RSSMRA80A01H50MM`) is NOT the code it derives from (`RSSMRA80A01H501U`): the Agenzia delle
 *   Entrate gives it to a second, different person whose code would have been the same as somebody else's. Every "is
 *   this the same citizen?" of the portal uses it (self-delegation, whose flow or acting-for choice this is, whose
 *   ticket or appointment): taking the two for one let one person read and answer the other's tickets and
 *   appointments against an upstream that answers by id for anyone.
 */
export const FISCAL_CODE_LENGTH = 16;

/** The first 15 characters in the full shape: surname, name, year, month, day, municipality (omocodia allowed). */
const BODY = "[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}";
/** A whole fiscal code in its full shape (upper case; add the `i` flag to match either case). */
export const FISCAL_CODE_PATTERN = new RegExp(`${BODY}[A-Z]`);
const WHOLE_SHAPE = new RegExp(`^${BODY}[A-Z]$`);
const BODY_SHAPE = new RegExp(`^${BODY}$`);
const ALPHANUMERIC_16 = /^[A-Z0-9]{16}$/;

// Values of a character in an odd (1st, 3rd, …) position; digits share the values of A..J.
const oddValues = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

/** Upper case, no surrounding spaces: the form in which fiscal codes are compared and sent. */
export function normalizeFiscalCode(value: string): string {
  return value.trim().toUpperCase();
}

/** Whether two fiscal codes name the same citizen: equal, case and surrounding spaces aside (omocodia is not undone). */
export function sameFiscalCode(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return normalizeFiscalCode(a) === normalizeFiscalCode(b);
}

function valueOf(character: string): number {
  const code = character.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65;
}

/** The check letter of the first 15 characters (letters or digits, either case). */
export function computeFiscalCodeCheckLetter(first15: string): string {
  const upper = first15.toUpperCase();
  if (!/^[A-Z0-9]{15}$/.test(upper)) throw new Error("not the first 15 characters of a fiscal code");
  let sum = 0;
  for (let index = 0; index < 15; index++) {
    const value = valueOf(upper[index]!);
    sum += index % 2 === 0 ? oddValues[value]! : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** The portal's rule (spec §5): 16 letters or digits whose last is the check letter of the others. */
export function isValidFiscalCode(value: string): boolean {
  const code = normalizeFiscalCode(value);
  if (!ALPHANUMERIC_16.test(code)) return false;
  return computeFiscalCodeCheckLetter(code.slice(0, 15)) === code[15];
}

/** True when the first 15 characters have the full shape (either case). */
export function hasFiscalCodeBodyShape(first15: string): boolean {
  return BODY_SHAPE.test(first15.toUpperCase());
}

/** The full shape and the check letter (the sandbox's rule; not trimmed). */
export function isWellFormedFiscalCode(value: string): boolean {
  const code = value.toUpperCase();
  return WHOLE_SHAPE.test(code) && computeFiscalCodeCheckLetter(code.slice(0, 15)) === code[15];
}
