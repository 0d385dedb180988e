import { z } from "zod";
import { isValidFiscalCode, normalizeFiscalCode } from "./fiscal-code.ts";

/** The VAT number's (partita IVA) check digit: the Luhn-like algorithm of the Agenzia delle Entrate. */
export function isValidVatNumber(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = Number(value[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(value[10]);
}

export type PayerTaxIdProblem = "length" | "fiscalCode" | "vatNumber";

/** A payer's "Codice fiscale / P.IVA" by its length: 16 → personal fiscal code with checksum, 11 → VAT number. */
export function payerTaxIdProblem(value: string): PayerTaxIdProblem | null {
  const normalized = normalizeFiscalCode(value);
  if (normalized.length === 16) return isValidFiscalCode(normalized) ? null : "fiscalCode";
  if (normalized.length === 11) return isValidVatNumber(normalized) ? null : "vatNumber";
  return "length";
}

export const PAYER_TAX_ID_MESSAGES: Record<PayerTaxIdProblem, string> = {
  length: "Inserisci un codice fiscale di 16 caratteri o una partita IVA di 11 cifre",
  fiscalCode: "Il codice fiscale non è valido: controlla i caratteri inseriti",
  vatNumber: "La partita IVA non è valida: controlla le cifre inserite",
};

/**
 * A "Codice fiscale / P.IVA" field: upper case without spaces, required, and valid by its length (Italian messages,
 * or the caller's `messages` in another locale).
 */
export function payerTaxIdText(
  requiredMessage: string,
  messages: Record<PayerTaxIdProblem, string> = PAYER_TAX_ID_MESSAGES,
) {
  return z.preprocess(
    (value) => (typeof value === "string" ? normalizeFiscalCode(value) : ""),
    z.string().superRefine((value, ctx) => {
      if (value === "") return void ctx.addIssue({ code: "custom", message: requiredMessage });
      const problem = payerTaxIdProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: messages[problem] });
    }),
  );
}
