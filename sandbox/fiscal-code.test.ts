import { expect, test } from "vitest";
import { computeCheckChar, isValidFiscalCode } from "./fiscal-code.ts";
import { seedCitizens } from "./seed/citizens.ts";

test("the check character follows the standard checksum", () => {
  expect(computeCheckChar("RSSMRA80A01H501")).toBe("U");
  expect(computeCheckChar("bncgli85c55l219")).toBe("R");
});

test("valid fiscal codes are accepted, case-insensitively", () => {
  expect(isValidFiscalCode("RSSMRA80A01H501U")).toBe(true);
  expect(isValidFiscalCode("rssmra80a01h501u")).toBe(true);
});

test("a wrong check character, length or shape is refused", () => {
  expect(isValidFiscalCode("RSSMRA80A01H501A")).toBe(false);
  expect(isValidFiscalCode("RSSMRA80A01H501")).toBe(false);
  expect(isValidFiscalCode("12345678901")).toBe(false);
  expect(() => computeCheckChar("RSSMRA80A01H50")).toThrow();
});

test("every test citizen has a valid fiscal code", () => {
  for (const citizen of seedCitizens())
    expect(isValidFiscalCode(citizen.codFisc), citizen.codFisc).toBe(true);
});
