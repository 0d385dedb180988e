import { describe, expect, test } from "vitest";
import { z } from "zod";
import { isValidCompanyNumber } from "./company-number.ts";
import { formatValidationMessage, validationMessages } from "./messages.ts";
import {
  companyNumber,
  email,
  files,
  fiscalCodeText,
  integer,
  matches,
  maxLength,
  maxNumber,
  minLength,
  minNumber,
  number,
  oneOf,
  password,
  rawText,
  required,
  strongPassword,
  text,
} from "./rules.ts";

/** The first message a schema answers for a value, or undefined when it passes. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("text fields", () => {
  test("are trimmed; a missing field or a file is empty", () => {
    expect(text().parse("  Mario ")).toBe("Mario");
    expect(text().parse(undefined)).toBe("");
    expect(text().parse(new File(["x"], "x.txt"))).toBe("");
    expect(rawText().parse(" pass word ")).toBe(" pass word ");
  });

  test("required refuses empty and blank values with the Italian message", () => {
    expect(messageOf(text(required()), "")).toBe("Campo obbligatorio");
    expect(messageOf(text(required()), "   ")).toBe("Campo obbligatorio");
    expect(messageOf(rawText(required()), "   ")).toBe("Campo obbligatorio");
    expect(messageOf(text(required("Scegli un giorno")), undefined)).toBe("Scegli un giorno");
    expect(messageOf(text(required()), "x")).toBeUndefined();
  });
});

describe("email", () => {
  test.each(["mario.rossi@example.it", "a+b@sub.comune.valverde.it", "x_y@dominio-uno.com"])(
    "accepts %s",
    (value) => {
      expect(messageOf(text(email()), value)).toBeUndefined();
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
    expect(messageOf(text(email()), value)).toBe(validationMessages.email);
  });
  test("an empty optional value passes", () => {
    expect(messageOf(text(email()), "")).toBeUndefined();
  });
});

describe("lengths count characters as maxlength does", () => {
  test("maxLength", () => {
    expect(messageOf(text(maxLength(200)), "à".repeat(200))).toBeUndefined();
    expect(messageOf(text(maxLength(200)), "a".repeat(201))).toBe("Inserisci al massimo 200 caratteri");
  });
  test("a line break counts one character, as the browser counts it, though it is sent as CR LF", () => {
    const atTheLimit = `${"a".repeat(198)}\r\nb`;
    expect(messageOf(text(maxLength(200)), atTheLimit)).toBeUndefined();
    expect(text().parse(atTheLimit)).toBe(`${"a".repeat(198)}\nb`);
    expect(messageOf(text(maxLength(200)), `${"a".repeat(199)}\r\nb`)).toBe(
      "Inserisci al massimo 200 caratteri",
    );
  });
  test("minLength", () => {
    expect(messageOf(text(minLength(3)), "ab")).toBe("Inserisci almeno 3 caratteri");
    expect(messageOf(text(minLength(3)), "abc")).toBeUndefined();
  });
});

describe("fiscal code and company number", () => {
  test("fiscal code: upper-cased, checked when filled in", () => {
    expect(fiscalCodeText().parse(" vrdlcu90e10f205v ")).toBe("VRDLCU90E10F205V");
    expect(messageOf(fiscalCodeText(), "VRDLCU90E10F205X")).toBe(validationMessages.fiscalCode);
    expect(messageOf(fiscalCodeText(), "")).toBeUndefined();
    expect(messageOf(fiscalCodeText(required()), "")).toBe("Campo obbligatorio");
  });
  test("company number: exactly 11 digits", () => {
    expect(isValidCompanyNumber("01234567890")).toBe(true);
    expect(messageOf(text(companyNumber()), "0123456789")).toBe(validationMessages.companyNumber);
    expect(messageOf(text(companyNumber()), "0123456789A")).toBe(validationMessages.companyNumber);
    expect(messageOf(text(companyNumber()), "012345678901")).toBe(validationMessages.companyNumber);
  });
});

describe("passwords", () => {
  test("password: 8+ characters with a letter and a digit", () => {
    expect(messageOf(rawText(password()), "abcdefg1")).toBeUndefined();
    expect(messageOf(rawText(password()), "abcdefgh")).toBe(validationMessages.password);
    expect(messageOf(rawText(password()), "abc1")).toBe(validationMessages.password);
  });
  test("strongPassword: upper, lower, digit and a symbol among @$!%*?&", () => {
    expect(messageOf(rawText(strongPassword()), "Abcdefg1!")).toBeUndefined();
    expect(messageOf(rawText(strongPassword()), "Abcdefg12")).toBe(validationMessages.strongPassword);
    expect(messageOf(rawText(strongPassword()), "abcdefg1!")).toBe(validationMessages.strongPassword);
  });
});

describe("numbers", () => {
  test("number and integer", () => {
    expect(messageOf(text(number()), "12,5")).toBeUndefined();
    expect(messageOf(text(number()), "-3")).toBeUndefined();
    expect(messageOf(text(number()), "12a")).toBe("Inserisci un numero");
    expect(messageOf(text(integer()), "12")).toBeUndefined();
    expect(messageOf(text(integer()), "12.5")).toBe("Inserisci un numero intero");
  });
  test("limits", () => {
    expect(messageOf(text(maxNumber(10)), "10")).toBeUndefined();
    expect(messageOf(text(maxNumber(10)), "10,5")).toBe("Il numero deve essere minore o uguale a 10");
    expect(messageOf(text(minNumber(1)), "0")).toBe("Il numero deve essere maggiore o uguale a 1");
  });
});

test("matches takes a custom message", () => {
  expect(messageOf(text(matches(/^\d{5}$/, "Inserisci un CAP di 5 cifre")), "1234")).toBe(
    "Inserisci un CAP di 5 cifre",
  );
  expect(messageOf(text(matches(/^\d{5}$/)), "1234")).toBe(validationMessages.pattern);
});

test("the first failing check gives the message", () => {
  const schema = text(required(), email(), maxLength(5));
  expect(messageOf(schema, "")).toBe("Campo obbligatorio");
  expect(messageOf(schema, "nope")).toBe(validationMessages.email);
  expect(messageOf(schema, "a@b.it")).toBe("Inserisci al massimo 5 caratteri");
  expect(messageOf(text(required(), email()), "a@b.it")).toBeUndefined();
});

test("oneOf accepts only the listed values", () => {
  const schema = oneOf(["a", "b"], "Scegli una delle risposte proposte.");
  expect(schema.parse(" a ")).toBe("a");
  expect(messageOf(schema, "c")).toBe("Scegli una delle risposte proposte.");
  expect(messageOf(schema, undefined)).toBe("Scegli una delle risposte proposte.");
});

describe("files", () => {
  const pdf = (bytes: number, name = "a.pdf") =>
    new File([new Uint8Array(bytes)], name, { type: "application/pdf" });
  test("counts, ignoring the empty file a browser sends when none was chosen", () => {
    expect(messageOf(files({ min: 1 }), new File([], ""))).toBe("Allega almeno 1 file");
    expect(messageOf(files({ max: 1 }), [pdf(1), pdf(1)])).toBe("Puoi allegare al massimo 1 file");
    expect(files({ min: 1, max: 3 }).parse([pdf(1), pdf(2)])).toHaveLength(2);
  });
  test("size and type", () => {
    expect(messageOf(files({ maxBytes: 1024 * 1024 }), pdf(2 * 1024 * 1024))).toBe(
      "Ogni file allegato può essere al massimo di 1 MB",
    );
    expect(messageOf(files({ types: [".pdf"] }), pdf(1, "foto.jpg"))).toBe(
      "Puoi allegare solo file di tipo .pdf",
    );
    expect(messageOf(files({ types: ["application/pdf"] }), pdf(1))).toBeUndefined();
  });
  test("the fallback message", () => {
    expect(formatValidationMessage("fallback")).toBe("Il valore non è corretto");
  });
});
