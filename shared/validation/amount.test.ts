import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AMOUNT_MESSAGES, amountField, MAX_AMOUNT_CENTS, readAmount } from "./amount.ts";
import { validateForm } from "./form.ts";

describe("readAmount", () => {
  it.each([
    ["12", 1200],
    ["12,50", 1250],
    ["12.50", 1250],
    ["12,5", 1250],
    ["0,01", 1],
    [" € 7,00 ", 700],
    ["1.234,50", 123450],
    // As the English pages write amounts.
    ["1,234.50", 123450],
    ["€1,234.5", 123450],
    ["99999,99", MAX_AMOUNT_CENTS],
  ])("reads %j as %i cents", (input, cents) => {
    expect(readAmount(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ["", "required"],
    ["   ", "required"],
    ["12 50", "spaces"],
    ["1 234,50", "spaces"],
    ["12.505", "decimals"],
    ["12,505", "decimals"],
    ["1.234", "decimals"],
    ["1e3", "format"],
    ["abc", "format"],
    ["0x10", "format"],
    ["12,", "format"],
    [",50", "format"],
    ["-5", "negative"],
    ["12,5,0", "separators"],
    ["1,234", "decimals"],
    ["1,234,50", "separators"],
    ["1.234.50", "separators"],
    ["12.50.1", "separators"],
    ["0", "zero"],
    ["0,00", "zero"],
    ["100000", "tooLarge"],
    ["9999999999999", "tooLarge"],
  ])("refuses %j (%s)", (input, problem) => {
    expect(readAmount(input)).toEqual({ ok: false, problem });
  });

  it("takes the payment type's own maximum", () => {
    expect(readAmount("50,00", 5000)).toEqual({ ok: true, cents: 5000 });
    expect(readAmount("50,01", 5000)).toEqual({ ok: false, problem: "tooLarge" });
  });
});

describe("amountField", () => {
  const form = (amount: string) => {
    const data = new FormData();
    data.set("amount", amount);
    return data;
  };
  const schema = z.object({ amount: amountField({ maxCents: 5000, maxLabel: "€ 50,00" }) });

  it("answers the cents", () => {
    expect(validateForm(form("12,50"), schema)).toEqual({ ok: true, values: { amount: 1250 } });
  });

  it("answers one Italian message per problem, the maximum written out", () => {
    const error = (amount: string) => {
      const result = validateForm(form(amount), schema);
      return result.ok ? null : result.errors.amount;
    };
    expect(error("12 50")).toBe("Scrivi l'importo senza spazi, ad esempio 12,50");
    expect(error("12.505")).toBe(AMOUNT_MESSAGES.decimals);
    expect(error("-5")).toBe("L'importo deve essere maggiore di zero");
    expect(error("1e3")).toBe(AMOUNT_MESSAGES.format);
    expect(error("12,5,0")).toBe(AMOUNT_MESSAGES.separators);
    expect(error("")).toBe("Inserisci l'importo");
    expect(error("51")).toBe("L'importo massimo per questo pagamento è € 50,00");
  });
});
