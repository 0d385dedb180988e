import { expect, test } from "vitest";
import { formatEuro, isPayable, paymentStatus } from "./payments.ts";

test("amounts in euro, Italian format", () => {
  expect(formatEuro(1234.5)).toBe("€ 1.234,50");
  expect(formatEuro(0)).toBe("€ 0,00");
  expect(formatEuro(42)).toBe("€ 42,00");
  expect(formatEuro(1234567.891)).toBe("€ 1.234.567,89");
  expect(formatEuro(0.1 + 0.2)).toBe("€ 0,30");
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
