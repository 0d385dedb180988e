import { describe, expect, test } from "vitest";
import {
  FISCAL_CODE_PATTERN,
  computeFiscalCodeCheckLetter,
  isValidFiscalCode,
  isWellFormedFiscalCode,
  normalizeFiscalCode,
  sameFiscalCode,
} from "./fiscal-code.ts";

const testCitizens = {
  "Mario Rossi": "RSSMRA80A01H501U",
  "Giulia Bianchi": "BNCGLI85C55L219R",
  "Luca Verdi": "VRDLCU90E10F205V",
  "Anna Esposito": "SPSNNA75T48F839X",
};

describe("fiscal code", () => {
  test.each(Object.entries(testCitizens))("%s's fiscal code is valid", (_name, code) => {
    expect(isValidFiscalCode(code)).toBe(true);
    expect(computeFiscalCodeCheckLetter(code.slice(0, 15))).toBe(code[15]);
  });

  test("case and surrounding spaces do not matter", () => {
    expect(isValidFiscalCode("rssmra80a01h501u")).toBe(true);
    expect(isValidFiscalCode("  BncGli85c55L219r ")).toBe(true);
    expect(normalizeFiscalCode(" rssmra80a01h501u ")).toBe("RSSMRA80A01H501U");
  });

  test.each([
    ["a wrong check letter", "RSSMRA80A01H501A"],
    ["two swapped characters", "RSSMRA08A01H501U"],
    ["one character changed", "BNCGLI85C55L219S"],
    ["15 characters", "RSSMRA80A01H501"],
    ["17 characters", "RSSMRA80A01H501UX"],
    ["a space inside", "RSSMRA80A01 H501U"],
    ["a symbol", "RSSMRA80A01H50-U"],
    ["an accented letter", "RSSMRÀ80A01H501U"],
    ["nothing", ""],
  ])("%s is refused", (_case, code) => {
    expect(isValidFiscalCode(code)).toBe(false);
  });

  test("omocodia codes (digits replaced by letters) keep a valid checksum", () => {
    // Mario Rossi's code with the last digit of the municipality code replaced (1 → M): new check letter.
    const first15 = "RSSMRA80A01H50M";
    expect(isValidFiscalCode(first15 + computeFiscalCodeCheckLetter(first15))).toBe(true);
  });
});

describe("the full shape (the sandbox's rule and the log redaction)", () => {
  test("needs the shape as well as the check letter", () => {
    expect(isWellFormedFiscalCode("rssmra80a01h501u")).toBe(true);
    // A valid check letter over 15 characters that are no fiscal code: the portal's rule takes it, the shape not.
    const odd = "123456789012345";
    const code = odd + computeFiscalCodeCheckLetter(odd);
    expect(isValidFiscalCode(code)).toBe(true);
    expect(isWellFormedFiscalCode(code)).toBe(false);
    expect(FISCAL_CODE_PATTERN.test("RSSMRA80A01H501U")).toBe(true);
  });
});

describe("comparing fiscal codes", () => {
  test("a code with omocodia is another person's, not the code it derives from", () => {
    // The Agenzia delle Entrate gives RSSMRA80A01H50MM to a second person whose code would have been RSSMRA80A01H501U.
    expect(isWellFormedFiscalCode("RSSMRA80A01H50MM")).toBe(true);
    expect(sameFiscalCode("RSSMRA80A01H50MM", "RSSMRA80A01H501U")).toBe(false);
    expect(sameFiscalCode(" rssmraulalmhrlmd ", "RSSMRA80A01H501U")).toBe(false);
    expect(sameFiscalCode("rssmra80a01h50mm", "RSSMRA80A01H50MM")).toBe(true);
  });

  test("case and spaces aside; other codes differ", () => {
    expect(sameFiscalCode(" rssmra80a01h501u", "RSSMRA80A01H501U")).toBe(true);
    expect(sameFiscalCode("RSSMRA80A01H501U", "BNCGLI85C55L219R")).toBe(false);
    expect(sameFiscalCode("RSSMRA80A01H502U", "RSSMRA80A01H501U")).toBe(false);
    expect(sameFiscalCode("", "")).toBe(false);
    expect(sameFiscalCode(null, "RSSMRA80A01H501U")).toBe(false);
  });
});
