import { describe, expect, test } from "vitest";
// The one `translate` with the real catalogues: the app layer's index of the texts (texts.en.ts) and the features'.
import { en } from "./texts.en.ts";
import { it as italian } from "./i18n/it.ts";
import { interpolate, needsEnglish, resolveLocale, translatorFor } from "./i18n/i18n-context.tsx";
import { messagesIt } from "#client/features/messages/texts.ts";
import { paymentsIt } from "#client/features/payments/texts.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";
import { instancesIt } from "#client/features/instances/texts.ts";
import { allItalian, featureCataloguesIt as features } from "#tests/support/catalogues.ts";

describe("dictionaries", () => {
  test("no key is in two Italian catalogues", () => {
    const keys = [italian, ...features].flatMap((catalogue) => Object.keys(catalogue));
    expect(keys.length).toBe(new Set(keys).size);
  });

  test("English has exactly the Italian keys (the base's and every feature's), none empty", () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(allItalian).sort());
    for (const value of [...Object.values(en), ...Object.values(allItalian)])
      expect(value.trim()).not.toBe("");
  });

  test("a number before a countable noun is a count with its singular (issue #40: no '1 deleghe', '1 minuti')", () => {
    const nouns =
      "deleghe|pratiche|pagamenti|messaggi|documenti|servizi|appuntamenti|richieste|secondi|minuti|giorni|ore|tentativi|preferiti";
    for (const [key, text] of Object.entries(allItalian)) {
      const counted = new RegExp(`\\{(\\w+)\\} (${nouns})\\b`).exec(text);
      if (!counted) continue;
      expect(counted[1], key).toBe("count");
      expect(key.endsWith(".other"), key).toBe(true);
      expect(Object.hasOwn(allItalian, key.replace(/other$/, "one")), key).toBe(true);
    }
  });

  test("English keeps every placeholder of the Italian text", () => {
    for (const [key, text] of Object.entries(allItalian)) {
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
  expect(translatorFor("it")("rating.star", { count: 3 })).toBe("Valuta 3 stelle su 5");
  expect(translatorFor("en")("rating.star", { count: 3 })).toBe("Rate 3 stars out of 5");
  // One star is singular ("Valuta 1 stelle" was not Italian).
  expect(translatorFor("it")("rating.star", { count: 1 })).toBe("Valuta 1 stella su 5");
  expect(translatorFor("en")("rating.star", { count: 1 })).toBe("Rate 1 star out of 5");
});

test("a count picks its plural form with Intl.PluralRules", () => {
  const it = translatorFor("it");
  const en = translatorFor("en");
  expect(it("faq.results", { query: "tari", count: 1 })).toBe("1 domanda trovata per «tari».");
  expect(it("faq.results", { query: "tari", count: 3 })).toBe("3 domande trovate per «tari».");
  expect(en("faq.results", { query: "tari", count: 1 })).toBe("1 question found for “tari”.");
  expect(en("maintenance.tooManyAttempts", { count: 2 })).toBe(
    "Too many login attempts. Please try again in 2 minutes.",
  );
  // A feature's plural keys, through its catalogue.
  expect(translatorFor("it", messagesIt)("messages.count", { count: 1 })).toBe("1 messaggio");
  expect(translatorFor("en", messagesIt)("messages.count", { count: 2 })).toBe("2 messages");
});

test("the lists' counts of one read in the singular (issue #40)", () => {
  expect(translatorFor("it", delegheIt)("deleghe.shown", { page: 1, pages: 1, count: 1 })).toBe(
    "Pagina 1 di 1: 1 delega",
  );
  expect(translatorFor("it", instancesIt)("instances.section.shown", { count: 1, total: 3 })).toBe(
    "1 pratica mostrata su 3",
  );
  expect(translatorFor("it", paymentsIt)("payments.section.shown", { count: 1, total: 1 })).toBe(
    "1 pagamento su 1",
  );
  expect(translatorFor("en", delegheIt)("deleghe.shown", { page: 1, pages: 1, count: 1 })).toBe(
    "Page 1 of 1: 1 delegation",
  );
});

test("Italian reads a feature's keys in the catalogues given, then the base catalogue's", () => {
  const t = translatorFor("it", messagesIt, paymentsIt);
  expect(t("messages.title")).toBe(messagesIt["messages.title"]);
  expect(t("payments.section.title")).toBe(paymentsIt["payments.section.title"]);
  expect(t("common.home")).toBe(italian["common.home"]);
  expect(t("common.unread", { count: 2 })).toBe("2 messaggi non letti");
});

test("English reads the complete English catalogue, whatever catalogues are given", () => {
  expect(translatorFor("en", messagesIt)("messages.title")).toBe(en["messages.title"]);
  expect(translatorFor("en", paymentsIt)("common.home")).toBe(en["common.home"]);
  // Every key of every catalogue has its English text (not the key, not the Italian).
  const english = translatorFor("en", ...features);
  for (const key of Object.keys(allItalian))
    expect(english(key as never), key).toBe(en[key as keyof typeof en]);
});

test("a key found in none of the catalogues given is shown as it is", () => {
  // A feature's key without its catalogue (the types forbid it; a key from data could still miss).
  const base = translatorFor("it") as (key: string) => string;
  expect(base("messages.title")).toBe("messages.title");
  expect(base("no.such.key")).toBe("no.such.key");
  expect((translatorFor("en") as (key: string) => string)("no.such.key")).toBe("no.such.key");
  expect(translatorFor("it", messagesIt)("messages.shown", { count: 2 })).toBe(
    "mostrati i primi 2 di {total}",
  );
});

test("the same locale and catalogues give the same t (a stable effect dependency)", () => {
  expect(translatorFor("it", messagesIt)).toBe(translatorFor("it", messagesIt));
  expect(translatorFor("it", messagesIt, paymentsIt)).toBe(translatorFor("it", messagesIt, paymentsIt));
  expect(translatorFor("it", messagesIt)).not.toBe(translatorFor("it", paymentsIt));
  expect(translatorFor("it", messagesIt)).not.toBe(translatorFor("en", messagesIt));
  expect(translatorFor("it")).not.toBe(translatorFor("it", messagesIt));
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
