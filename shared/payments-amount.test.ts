import { describe, expect, it } from "vitest";
import { formatEuroCents, parseAmountCents } from "./payments.ts";

describe("parseAmountCents", () => {
  it.each([
    ["12,50", 1250],
    ["12.50", 1250],
    ["12.5", 1250],
    ["12", 1200],
    ["1.234,50", 123450],
    ["1.234.567,05", 123456705],
    [" € 0,01 ", 1],
    ["1234,5", 123450],
  ])("reads %j as %i cents", (input, cents) => {
    expect(parseAmountCents(input)).toBe(cents);
  });

  it.each(["", "0", "0,00", "-5", "12,505", "abc", "12,", ",50", "1,234,50", "12.50.1", "9999999999"])(
    "refuses %j",
    (input) => {
      expect(parseAmountCents(input)).toBeNull();
    },
  );
});

describe("formatEuroCents", () => {
  it("shows cents in Italian euro", () => {
    expect(formatEuroCents(123450)).toBe("€ 1.234,50");
    expect(formatEuroCents(5)).toBe("€ 0,05");
  });
});
