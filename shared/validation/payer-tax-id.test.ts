import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isValidVatNumber, payerTaxIdProblem, payerTaxIdText } from "./payer-tax-id.ts";

describe("payer tax id", () => {
  it("checks VAT numbers' check digit", () => {
    expect(isValidVatNumber("80012340011")).toBe(false);
    expect(isValidVatNumber("01234567897")).toBe(true);
    expect(isValidVatNumber("01234567890")).toBe(false);
    expect(isValidVatNumber("0123456789")).toBe(false);
  });

  it("picks the rule by length", () => {
    expect(payerTaxIdProblem("RSSMRA80A01H501U")).toBeNull();
    expect(payerTaxIdProblem("rssmra80a01h501u")).toBeNull();
    expect(payerTaxIdProblem("RSSMRA80A01H501X")).toBe("fiscalCode");
    expect(payerTaxIdProblem("01234567897")).toBeNull();
    expect(payerTaxIdProblem("01234567891")).toBe("vatNumber");
    expect(payerTaxIdProblem("12345")).toBe("length");
  });

  it("answers Italian messages as a form field", () => {
    const schema = z.object({ cf: payerTaxIdText("Campo obbligatorio") });
    expect(schema.safeParse({ cf: " spsnna75t48f839x " }).data).toEqual({ cf: "SPSNNA75T48F839X" });
    expect(schema.safeParse({ cf: "" }).error?.issues[0]?.message).toBe("Campo obbligatorio");
    expect(schema.safeParse({ cf: "123" }).error?.issues[0]?.message).toMatch(
      /16 caratteri o una partita IVA/,
    );
    expect(schema.safeParse({ cf: "01234567891" }).error?.issues[0]?.message).toMatch(
      /partita IVA non è valida/,
    );
  });
});
