import { todayInRome } from "./dates.ts";

const EURO = new Intl.NumberFormat("it-IT", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: "always",
});

/** An amount in euro, Italian format: "€ 1.234,50" (the one formatter of amounts). */
export function formatEuro(amount: number): string {
  return `€ ${EURO.format(amount)}`;
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

/** Cents as "€ 1.234,50" (through the one formatter of amounts). */
export function formatEuroCents(cents: number): string {
  return formatEuro(cents / 100);
}
