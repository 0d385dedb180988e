import { describe, expect, test } from "vitest";
import { isValidCompanyNumber } from "./company-number.ts";
import { formatValidationMessage, validationMessages } from "./messages.ts";
import {
  checkFilesCount,
  companyNumber,
  email,
  fiscalCode,
  integer,
  maxLength,
  maxNumber,
  minLength,
  minNumber,
  number,
  password,
  pattern,
  required,
  strongPassword,
  validate,
} from "./rules.ts";

describe("required", () => {
  test("refuses empty and blank values with the Italian message", () => {
    expect(required("")).toBe("Campo obbligatorio");
    expect(required("   ")).toBe("Campo obbligatorio");
    expect(required("x")).toBeUndefined();
  });
});

describe("email", () => {
  test.each(["mario.rossi@example.it", "a+b@sub.comune.valverde.it", "x_y@dominio-uno.com"])(
    "accepts %s",
    (value) => {
      expect(email(value)).toBeUndefined();
    },
  );
  test.each([
    "mario",
    "mario@",
    "@example.it",
    "mario@example",
    "mario rossi@example.it",
    "a@b..it",
    "a@-b.it",
  ])("refuses %s", (value) => {
    expect(email(value)).toBe(validationMessages.email);
  });
  test("an empty optional value passes", () => {
    expect(email("")).toBeUndefined();
  });
});

describe("lengths count characters as maxlength does", () => {
  test("maxLength", () => {
    expect(maxLength(200)("à".repeat(200))).toBeUndefined();
    expect(maxLength(200)("a".repeat(201))).toBe("Inserisci al massimo 200 caratteri");
  });
  test("minLength", () => {
    expect(minLength(3)("ab")).toBe("Inserisci almeno 3 caratteri");
    expect(minLength(3)("abc")).toBeUndefined();
  });
});

describe("fiscal code and company number rules", () => {
  test("fiscal code", () => {
    expect(fiscalCode("VRDLCU90E10F205V")).toBeUndefined();
    expect(fiscalCode("VRDLCU90E10F205X")).toBe(validationMessages.fiscalCode);
    expect(fiscalCode("")).toBeUndefined();
  });
  test("company number: exactly 11 digits", () => {
    expect(isValidCompanyNumber("01234567890")).toBe(true);
    expect(companyNumber("0123456789")).toBe(validationMessages.companyNumber);
    expect(companyNumber("0123456789A")).toBe(validationMessages.companyNumber);
    expect(companyNumber("012345678901")).toBe(validationMessages.companyNumber);
  });
});

describe("passwords", () => {
  test("password: 8+ characters with a letter and a digit", () => {
    expect(password("abcdefg1")).toBeUndefined();
    expect(password("abcdefgh")).toBe(validationMessages.password);
    expect(password("abc1")).toBe(validationMessages.password);
  });
  test("strongPassword: upper, lower, digit and a symbol among @$!%*?&", () => {
    expect(strongPassword("Abcdefg1!")).toBeUndefined();
    expect(strongPassword("Abcdefg12")).toBe(validationMessages.strongPassword);
    expect(strongPassword("abcdefg1!")).toBe(validationMessages.strongPassword);
  });
});

describe("numbers", () => {
  test("number and integer", () => {
    expect(number("12,5")).toBeUndefined();
    expect(number("-3")).toBeUndefined();
    expect(number("12a")).toBe("Inserisci un numero");
    expect(integer("12")).toBeUndefined();
    expect(integer("12.5")).toBe("Inserisci un numero intero");
  });
  test("limits", () => {
    expect(maxNumber(10)("10")).toBeUndefined();
    expect(maxNumber(10)("10,5")).toBe("Il numero deve essere minore o uguale a 10");
    expect(minNumber(1)("0")).toBe("Il numero deve essere maggiore o uguale a 1");
  });
});

test("pattern takes a custom message", () => {
  expect(pattern(/^\d{5}$/, "Inserisci un CAP di 5 cifre")("1234")).toBe("Inserisci un CAP di 5 cifre");
  expect(pattern(/^\d{5}$/)("1234")).toBe(validationMessages.pattern);
});

test("validate answers the first failing rule", () => {
  expect(validate("", required, email)).toBe("Campo obbligatorio");
  expect(validate("nope", required, email)).toBe(validationMessages.email);
  expect(validate("a@b.it", required, email, maxLength(5))).toBe("Inserisci al massimo 5 caratteri");
  expect(validate("a@b.it", required, email)).toBeUndefined();
});

test("file counts", () => {
  expect(checkFilesCount(0, { min: 1 })).toBe("Allega almeno 1 file");
  expect(checkFilesCount(4, { max: 3 })).toBe("Puoi allegare al massimo 3 file");
  expect(checkFilesCount(2, { min: 1, max: 3 })).toBeUndefined();
  expect(formatValidationMessage("fallback")).toBe("Il valore non è corretto");
});
