import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Window } from "happy-dom";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { comuneA } from "#sandbox/seed/comune-a.ts";
import { valverdeServices } from "#sandbox/seed/comune-a-services.ts";
import { valverdeSheets } from "#sandbox/seed/comune-a-sheets.ts";
import { seedMyDocs } from "#sandbox/mydocs/state.ts";
import { valverdeCatalog } from "#sandbox/appsched/catalog-valverde.ts";
import { seedMessages } from "#sandbox/messages/seed.ts";
import { seedPpay } from "#sandbox/ppay/positions.ts";
import { testApp } from "#tests/support/test-app.ts";
import { CITIZENS, getPage, signIn } from "#tests/support/portal-requests.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";

// WCAG 3.1.2 (language of parts): on an English page the municipality's own words (its name, its services and their
// categories, its offices, the messages it sent, the payments it asks for) stay Italian, and a screen reader must
// read them as Italian. Every English page below, as a browser parses it: wherever one of those words is shown,
// the nearest `lang` around it says "it". The words come from the sandbox's own seed, not from a list of ours.

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
let portal: ReturnType<typeof testApp>["app"];
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
  portal = testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;
});
afterAll(() => sandbox.close());

/** Comune A's Italian words that its pages and Mario's and Anna's show, from the seed. */
function municipalityWords(): string[] {
  const services = valverdeServices.flatMap((s) => [s.nome, s.descrizione]);
  const sheets = Object.values(valverdeSheets).flatMap((s) => [
    s.ufficio.nome,
    s.ufficio.indirizzo?.via ?? "",
    s.ufficio.orari ?? "",
    s.condizioni.titolo,
  ]);
  const documents = [
    ...(seedMyDocs().areas["comune-a"] ?? []).map((a) => a.denominazione),
    ...(seedMyDocs().documents["comune-a"]?.[CITIZENS.ANNA] ?? []).map((d) => d.descrizione),
  ];
  const booking = [
    ...valverdeCatalog.categories.map((c) => c.name),
    ...valverdeCatalog.offices.flatMap((o) => [o.name, o.location]),
  ];
  const messages = (seedMessages()[CITIZENS.MARIO] ?? [])
    .filter((m) => m.tag.includes(comuneA.codiceEnte))
    .map((m) => m.mex.title);
  const payments = (seedPpay().positions["comune-a"]?.[CITIZENS.MARIO] ?? []).flatMap((p) => [
    p.descrizionePagamento,
    p.descrizionePortale,
  ]);
  // Short words ("TARI") are found inside longer ones; a word of the portal's own English is not the municipality's.
  return [
    ...new Set([comuneA.nome, ...services, ...sheets, ...documents, ...booking, ...messages, ...payments]),
  ].filter((word) => word.length >= 8);
}

/** `html` as a browser parses it (happy-dom's document, read through the DOM's own types). */
const parsed = (html: string) =>
  new new Window().DOMParser().parseFromString(html, "text/html") as unknown as Document;

/** The elements of `html` with a `lang` of their own, but the language switcher's links (`hreflang`). */
function marked(html: string): string[] {
  const document = parsed(html);
  return [...document.body.querySelectorAll("[lang]:not([hreflang])")].map(
    (element) => `<${element.tagName.toLowerCase()} lang="${element.getAttribute("lang")}">`,
  );
}

/** The text nodes and options of `html` that show one of `words` where the nearest `lang` is not Italian. */
function unmarked(html: string, words: readonly string[]): string[] {
  const document = parsed(html);
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, " ").trim() ?? "";
    const element = node.parentElement;
    if (!element || element.closest("script, template")) continue;
    const lang = element.closest("[lang]")?.getAttribute("lang");
    const word = words.find((w) => text.includes(w));
    if (word && lang !== "it") found.push(`<${element.tagName.toLowerCase()}> ${text.slice(0, 100)}`);
  }
  return found;
}

const ANONYMOUS_PAGES = [
  "/",
  "/servizi",
  "/servizi/101",
  "/servizi/103",
  "/servizi/113",
  "/servizi?categoria=anagrafe-e-stato-civile",
  "/argomenti/anagrafe",
  "/nuova-richiesta",
  "/servizi/prenotazione-appuntamento",
  "/servizi/prenotazione-appuntamento-2?servizio=101",
];

const CITIZEN_PAGES: ReadonlyArray<readonly [keyof typeof CITIZENS, string]> = [
  ["MARIO", "/"],
  ["MARIO", "/area-personale"],
  ["MARIO", "/area-personale/attivita"],
  ["MARIO", "/area-personale/messaggi"],
  ["MARIO", "/area-personale/servizi"],
  ["MARIO", "/area-personale/deleghe"],
  ["MARIO", "/area-personale/profilo-utente"],
  ["MARIO", "/servizi/pagamenti/104"],
  ["MARIO", "/servizi/pagamenti/107"],
  ["ANNA", "/area-personale/documenti"],
];

describe("the municipality's words on English pages are marked Italian", () => {
  const words = municipalityWords();

  test("the seed gives words to look for", () => {
    expect(words).toContain("Comune di Valverde");
    expect(words.length).toBeGreaterThan(20);
  });

  test.each(ANONYMOUS_PAGES)("anonymous %s", async (path) => {
    const res = await getPage(portal, path, "lang=en");
    expect(res.status, path).toBe(200);
    expect(res.text).toMatch(/<html lang="en"/);
    expect(unmarked(res.text, words)).toEqual([]);
    // In Italian the page's own language says it all.
    expect(marked((await getPage(portal, path, "lang=it")).text)).toEqual([]);
  });

  test.each(CITIZEN_PAGES)("%s's %s", async (citizen, path) => {
    const cookie = await signIn(sandbox.url, CITIZENS[citizen]);
    const res = await getPage(portal, path, `lang=en; ${cookie}`);
    expect(res.status, path).toBe(200);
    expect(res.text).toMatch(/<html lang="en"/);
    expect(unmarked(res.text, words)).toEqual([]);
    expect(marked((await getPage(portal, path, `lang=it; ${cookie}`)).text)).toEqual([]);
  });
});

describe("dates in the municipality's Italian on an English page", () => {
  test("a service's deadlines: the steps' names Italian, their dates English", async () => {
    const res = await getPage(portal, "/servizi/104", "lang=en");
    const document = parsed(res.text);
    const list = document.querySelector('[data-element="service-calendar-list"]');
    expect(list?.closest("[lang]")?.getAttribute("lang")).toBe("it");
    const times = [...(list?.querySelectorAll("time") ?? [])];
    expect(times.map((time) => time.textContent)).toContain("31 July 2026");
    for (const time of times) expect(time.closest("[lang]")?.getAttribute("lang")).toBe("en");
  });
});

describe("a request's conversation on an English page", () => {
  test("the office's reply is marked Italian, the citizen's own words are not", async () => {
    const cookie = await signIn(sandbox.url, CITIZENS.ANNA);
    const res = await getPage(portal, "/area-personale/richieste/1", `lang=en; ${cookie}`);
    expect(res.status).toBe(200);
    const document = parsed(res.text);
    const langOf = (text: string) =>
      [...document.querySelectorAll(".ticket-article-body p")]
        .find((p) => p.textContent?.includes(text))
        ?.closest("[lang]")
        ?.getAttribute("lang");
    expect(langOf("il secondo avviso sostituisce il primo")).toBe("it");
    expect(langOf("Ho ricevuto due avvisi TARI")).toBe("en");
  });
});
