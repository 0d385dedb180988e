/**
 * Personal fiscal code (spec §5): exactly 16 letters or digits, case-insensitive, and the 16th character is the
 * check letter of the first 15 (DM 23/12/1976). Digits in odd positions share the values of the letters A..J.
 */
export const FISCAL_CODE_LENGTH = 16;

const oddValues = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];
const alphanumeric = /^[A-Z0-9]+$/;

/** Upper case, no surrounding spaces: the form in which fiscal codes are compared and sent. */
export function normalizeFiscalCode(value: string): string {
  return value.trim().toUpperCase();
}

function valueOf(character: string): number {
  const code = character.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65;
}

/** The check letter of the first 15 characters (already upper-case letters or digits). */
export function computeFiscalCodeCheckLetter(first15: string): string {
  let sum = 0;
  for (let index = 0; index < 15; index++) {
    const value = valueOf(first15[index]!);
    sum += index % 2 === 0 ? oddValues[value]! : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

export function isValidFiscalCode(value: string): boolean {
  const code = normalizeFiscalCode(value);
  if (code.length !== FISCAL_CODE_LENGTH || !alphanumeric.test(code)) return false;
  return computeFiscalCodeCheckLetter(code.slice(0, 15)) === code[15];
}
