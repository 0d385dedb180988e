import { describe, expect, test } from "vitest";
import { en } from "./en.ts";
import { it as italian } from "./it.ts";
import { interpolate, resolveLocale, translate } from "./i18n-context.tsx";
import { formatDate } from "./dates.ts";

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

test("dates are formatted in the Europe/Rome time zone", () => {
  expect(formatDate(new Date("2026-01-31T23:30:00Z"), "it")).toBe("01/02/2026");
  expect(formatDate("2026-03-29T00:30:00Z", "it", "EEEE d MMMM yyyy HH:mm")).toBe(
    "domenica 29 marzo 2026 01:30",
  );
  expect(formatDate("2026-03-29T10:00:00Z", "en", "EEEE d MMMM yyyy HH:mm")).toBe(
    "Sunday 29 March 2026 12:00",
  );
});
