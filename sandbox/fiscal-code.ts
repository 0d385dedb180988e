// The sandbox checks fiscal codes as an upstream would: the full shape and the check letter, with the portal's one
// implementation (shared/validation/fiscal-code.ts).
import {
  computeFiscalCodeCheckLetter,
  hasFiscalCodeBodyShape,
  isWellFormedFiscalCode,
} from "#shared/validation/fiscal-code.ts";

/** The check character of a personal fiscal code, from its first 15 characters in the full shape. */
export function computeCheckChar(first15: string): string {
  if (!hasFiscalCodeBodyShape(first15)) throw new Error("not the first 15 characters of a fiscal code");
  return computeFiscalCodeCheckLetter(first15);
}

export const isValidFiscalCode = isWellFormedFiscalCode;
