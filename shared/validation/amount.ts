import { z } from "zod";

/**
 * An amount in euro as a payer types it, read strictly (spec: "Importo *" greater than zero, "Inserire un importo
 * valido"): digits, then at most two decimals after one "," or "." ("12", "12,50", "12.50", "12,5"); Italian
 * thousands dots only together with comma decimals ("1.234,50"), English thousands commas only together with dot
 * decimals ("1,234.50", as the English pages write amounts); an optional leading "€". Anything else is refused
 * with the reason, never guessed: "12 50" (spaces), "12.505" (three decimals, or thousands without decimals),
 * "1e3", "-5", "12,5,0", "" and amounts above the maximum.
 */
export type AmountProblem =
  "required" | "spaces" | "negative" | "format" | "separators" | "decimals" | "zero" | "tooLarge";

/**
 * The highest amount a spontaneous payment may have when its type sets none: € 99.999,99. A municipality's
 * spontaneous payments (fees, canteen top-ups, fines) stay far below it; anything above is a typing mistake or an
 * abuse, and a payer with a larger due pays the notice the municipality issues.
 */
export const MAX_AMOUNT_CENTS = 9_999_999;

export type AmountReading = { ok: true; cents: number } | { ok: false; problem: AmountProblem };

export function readAmount(input: string, maxCents: number = MAX_AMOUNT_CENTS): AmountReading {
  const fail = (problem: AmountProblem): AmountReading => ({ ok: false, problem });
  const value = input.trim().replace(/^€\s*/, "");
  if (value === "") return fail("required");
  if (/\s/.test(value)) return fail("spaces");
  if (/^[-−]/.test(value)) return fail("negative");
  if (!/^[\d.,]+$/.test(value)) return fail("format");
  let integer: string;
  let decimals: string;
  // Thousands grouped as Italian ("1.234,50") or English ("1,234.50", as the English pages write amounts) pages do.
  const grouped = /^(\d{1,3}(?:\.\d{3})+),(\d+)$/.exec(value) ?? /^(\d{1,3}(?:,\d{3})+)\.(\d+)$/.exec(value);
  if (grouped) {
    integer = grouped[1]!.replaceAll(/[.,]/g, "");
    decimals = grouped[2]!;
  } else {
    const separators = value.replace(/\d/g, "");
    if (separators.length > 1) return fail("separators");
    const [whole = "", fraction] = value.split(/[.,]/);
    if (whole === "" || fraction === "") return fail("format");
    integer = whole;
    decimals = fraction ?? "";
  }
  if (decimals.length > 2) return fail("decimals");
  const cents = Number(integer) * 100 + Number(decimals.padEnd(2, "0"));
  if (cents === 0) return fail("zero");
  if (integer.replace(/^0+/, "").length > 9 || cents > maxCents) return fail("tooLarge");
  return { ok: true, cents };
}

/** Italian messages per problem; `{max}` is the maximum, written "€ 99.999,99". */
export const AMOUNT_MESSAGES: Record<AmountProblem, string> = {
  required: "Inserisci l'importo",
  spaces: "Scrivi l'importo senza spazi, ad esempio 12,50",
  negative: "L'importo deve essere maggiore di zero",
  format: "Scrivi l'importo con sole cifre e la virgola per i centesimi, ad esempio 12,50",
  separators: "Usa un solo separatore per i centesimi, ad esempio 12,50",
  decimals: "Indica al massimo due cifre dopo la virgola (i centesimi), ad esempio 12,50",
  zero: "L'importo deve essere maggiore di zero",
  tooLarge: "L'importo massimo per questo pagamento è {max}",
};

/**
 * An "Importo" form field: its value is the amount in cents; each problem gets its message (Italian by default, the
 * caller's in another locale), `{max}` replaced by `maxLabel`.
 */
export function amountField(options: {
  maxCents?: number;
  maxLabel: string;
  messages?: Record<AmountProblem, string>;
}) {
  const messages = options.messages ?? AMOUNT_MESSAGES;
  return z.preprocess(
    (value) => (typeof value === "string" ? value : ""),
    z.string().transform((value, ctx) => {
      const reading = readAmount(value, options.maxCents);
      if (reading.ok) return reading.cents;
      ctx.addIssue({
        code: "custom",
        message: messages[reading.problem].replaceAll("{max}", options.maxLabel),
      });
      return z.NEVER;
    }),
  );
}
