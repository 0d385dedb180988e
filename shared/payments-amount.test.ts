import { describe, expect, it } from "vitest";
import { formatEuroCents } from "./payments.ts";

// Reading a typed amount: shared/validation/amount.test.ts.
describe("formatEuroCents", () => {
  it("shows cents in Italian euro", () => {
    expect(formatEuroCents(123450)).toBe("€ 1.234,50");
    expect(formatEuroCents(5)).toBe("€ 0,05");
  });
});
