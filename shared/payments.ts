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

/**
 * An amount typed by the citizen, in cents, or null when it is not a valid amount: digits with an optional decimal
 * part of at most two digits, "," or "." as the decimal separator ("12,50", "12.50"), and Italian thousands dots
 * ("1.234,50"; also "1.234" when the groups are of three). Zero, negative and absurdly large amounts are null.
 */
export function parseAmountCents(input: string): number | null {
  const value = input.trim().replace(/^€\s*/, "").replace(/\s+/g, "");
  let integer: string;
  let decimals = "";
  const grouped = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/.exec(value);
  const plain = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(value);
  if (plain) {
    integer = plain[1]!;
    decimals = plain[2] ?? "";
  } else if (grouped) {
    integer = grouped[1]!.replaceAll(".", "");
    decimals = grouped[2] ?? "";
  } else return null;
  if (integer.length > 9) return null;
  const cents = Number(integer) * 100 + Number(decimals.padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

/** Cents as "€ 1.234,50" (through the one formatter of amounts). */
export function formatEuroCents(cents: number): string {
  return formatEuro(cents / 100);
}
