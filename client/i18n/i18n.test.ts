import { describe, expect, test } from "vitest";
import { en } from "./en.ts";
import { it as italian } from "./it.ts";
import { interpolate, needsEnglish, resolveLocale, translate } from "./i18n-context.tsx";

describe("dictionaries", () => {
  test("English has exactly the Italian keys, none empty", () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(italian).sort());
    for (const value of [...Object.values(en), ...Object.values(italian)]) expect(value.trim()).not.toBe("");
  });

  test("English keeps every placeholder of the Italian text", () => {
    for (const [key, text] of Object.entries(italian)) {
      const placeholders = (value: string) => (value.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(en[key as keyof typeof en]), key).toEqual(placeholders(text));
    }
  });
});

test("resolveLocale falls back to Italian for anything but English", () => {
  expect(resolveLocale("en")).toBe("en");
  expect(resolveLocale("en-GB")).toBe("en");
  expect(resolveLocale(" EN ")).toBe("en");
  expect(resolveLocale("it")).toBe("it");
  expect(resolveLocale("fr")).toBe("it");
  expect(resolveLocale(null)).toBe("it");
  expect(resolveLocale(undefined)).toBe("it");
});

test("placeholders are filled and unknown ones are left alone", () => {
  expect(interpolate("Ciao {nome} {x}", { nome: "Mario" })).toBe("Ciao Mario {x}");
  expect(translate("it", "rating.star", { n: 3 })).toBe("Valuta 3 stelle su 5");
  expect(translate("en", "rating.star", { n: 3 })).toBe("Rate 3 stars out of 5");
});

test("a count picks its plural form with Intl.PluralRules", () => {
  expect(translate("it", "faq.results", { query: "tari", count: 1 })).toBe("1 domanda trovata per «tari».");
  expect(translate("it", "faq.results", { query: "tari", count: 3 })).toBe("3 domande trovate per «tari».");
  expect(translate("en", "faq.results", { query: "tari", count: 1 })).toBe("1 question found for «tari».");
  expect(translate("en", "maintenance.tooManyAttempts", { count: 2 })).toBe(
    "Too many login attempts. Please try again in 2 minutes.",
  );
});

test("the browser's production bundle loads the English catalogue only for an English page", () => {
  const browser = { SSR: false, PROD: true };
  expect(needsEnglish(browser, "it")).toBe(false);
  expect(needsEnglish(browser, "")).toBe(false);
  expect(needsEnglish(browser, "en")).toBe(true);
  // The server renders both languages; tests and the dev server keep both too.
  expect(needsEnglish({ SSR: true, PROD: true }, undefined)).toBe(true);
  expect(needsEnglish({ SSR: false, PROD: false }, "it")).toBe(true);
});
