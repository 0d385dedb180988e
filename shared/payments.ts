import { todayInRome } from "./dates.ts";
import type { Locale } from "./locale.ts";

const euroDigits = (tag: string) =>
  new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: "always" });
const EURO: Record<Locale, Intl.NumberFormat> = { it: euroDigits("it-IT"), en: euroDigits("en-GB") };

/**
 * An amount in euro as the page's language writes it (the one formatter of amounts): "€ 1.234,50" in Italian,
 * "€1,234.50" in English. Pages keep amounts as numbers and format them where they render them.
 */
export function formatEuro(amount: number, locale: Locale): string {
  return locale === "en" ? `€${EURO.en.format(amount)}` : `€ ${EURO.it.format(amount)}`;
}

/**
 * Cents as the payer would type them back into an "Importo" field: "1234,50" in Italian, "1234.50" in English (no
 * thousands separators: both are read back by `readAmount`).
 */
export function typedAmount(cents: number, locale: Locale): string {
  const fixed = (cents / 100).toFixed(2);
  return locale === "en" ? fixed : fixed.replace(".", ",");
}

/** The two payment systems a service is paid through. */
export type PaymentAsset = "PPAY" | "MYPAY";

/** Whether an asset code is one of the payment systems. */
export const isPaymentAsset = (code: string | undefined): code is PaymentAsset =>
  code === "PPAY" || code === "MYPAY";

/** What a debt position's state means for the citizen. */
export type PaymentStatus = "paid" | "unpaid" | "expired" | "cancelled" | "unknown";

/**
 * PPAY's `codiceStatoPagamento` ("0" paid, "1" not paid, "2" cancelled; spec §3) with the due date: a position not
 * paid whose due date (`YYYY-MM-DD…`) is before today (Rome) is expired.
 */
export function paymentStatus(
  code: string | null | undefined,
  dueDate: string | null | undefined,
  today: string = todayInRome(),
): PaymentStatus {
  switch (code) {
    case "0":
      return "paid";
    case "2":
      return "cancelled";
    case "1":
      return dueDate && dueDate.slice(0, 10) < today ? "expired" : "unpaid";
    default:
      return "unknown";
  }
}

/** Whether the citizen can still pay (an expired position can still be paid through pagoPA). */
export function isPayable(status: PaymentStatus): boolean {
  return status === "unpaid" || status === "expired";
}

/** Cents as "€ 1.234,50" / "€1,234.50" (through the one formatter of amounts). */
export function formatEuroCents(cents: number, locale: Locale): string {
  return formatEuro(cents / 100, locale);
}
