import { expect, test } from "vitest";
import { readAmount } from "./validation/amount.ts";
import { formatEuro, formatEuroCents, isPayable, paymentStatus, typedAmount } from "./payments.ts";

test("amounts in euro, Italian format", () => {
  expect(formatEuro(1234.5, "it")).toBe("€ 1.234,50");
  expect(formatEuro(0, "it")).toBe("€ 0,00");
  expect(formatEuro(42, "it")).toBe("€ 42,00");
  expect(formatEuro(1234567.891, "it")).toBe("€ 1.234.567,89");
  expect(formatEuro(0.1 + 0.2, "it")).toBe("€ 0,30");
});

test("amounts in euro, English format", () => {
  expect(formatEuro(1234.5, "en")).toBe("€1,234.50");
  expect(formatEuro(0, "en")).toBe("€0.00");
  expect(formatEuro(1234567.891, "en")).toBe("€1,234,567.89");
  expect(formatEuroCents(9_999_999, "en")).toBe("€99,999.99");
  expect(formatEuroCents(5, "it")).toBe("€ 0,05");
});

test("an amount typed back into its field reads as the same amount, in either language", () => {
  expect(typedAmount(123450, "it")).toBe("1234,50");
  expect(typedAmount(123450, "en")).toBe("1234.50");
  expect(typedAmount(5, "en")).toBe("0.05");
  for (const locale of ["it", "en"] as const)
    for (const cents of [1, 50, 1250, 123450, 9_999_999])
      expect(readAmount(typedAmount(cents, locale))).toEqual({ ok: true, cents });
});

test("status mapping: 0 paid, 1 not paid (expired after the due date), 2 cancelled", () => {
  const today = "2026-11-23";
  expect(paymentStatus("0", "2020-01-01", today)).toBe("paid");
  expect(paymentStatus("1", "2026-11-23", today)).toBe("unpaid");
  expect(paymentStatus("1", "2026-11-22T23:00:00Z", today)).toBe("expired");
  expect(paymentStatus("1", null, today)).toBe("unpaid");
  expect(paymentStatus("2", "2020-01-01", today)).toBe("cancelled");
  expect(paymentStatus("9", null, today)).toBe("unknown");
  expect(paymentStatus(undefined, null, today)).toBe("unknown");
  expect(isPayable("expired")).toBe(true);
  expect(isPayable("paid")).toBe(false);
  expect(isPayable("cancelled")).toBe(false);
});
