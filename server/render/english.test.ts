import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { allItalian as italian } from "#tests/support/catalogues.ts";
import { en as english } from "#client/texts.en.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { CITIZENS, HOSTS, UPSTREAM_HOSTS } from "#tests/support/portal-requests.ts";

// Every route of client/routes.ts rendered in English (production build, sandbox upstream): no text of the
// Italian catalogue that reads differently in English may appear. Upstream content (service names, menus, FAQ)
// stays as the upstream sends it (its texts are left out of the check), and so do words of under five letters.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
/** One portal for the whole file: the checks below read the same pages, each rendered once (`renderedPage`). */
let portal: ReturnType<typeof testApp>["app"];
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
  portal = testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;
});
afterAll(() => sandbox.close());

const HOST = HOSTS.a;
const UPSTREAM_HOST = UPSTREAM_HOSTS.a;

/**
 * A part of the municipality's configuration as the portal reads it: comune-a has a website, so its menu and services
 * are the BFF's 302 to the CMS, followed (upstream-fidelity.md).
 */
const configPart = (part: string) =>
  request(sandbox.url)
    .get(`/api-public/configComune/${part}`)
    .set("X-Forwarded-Host", UPSTREAM_HOST)
    .redirects(1)
    .expect(200);

/** Everything the municipality's configuration sends (menus, footer, contacts, services): shown as sent. */
let upstreamContent = "";
beforeAll(async () => {
  const parts = ["fromtenant", "menu", "menufooter", "contatti", "servizi", "dettaglioServizi"];
  const answers = await Promise.all(parts.map(configPart));
  // The citizen's messages are upstream content too (their titles and bodies are the senders' own words).
  const cookie = await citizenCookie();
  const messages = await request(sandbox.url)
    .get(`/api/notificatore/messagestore/users/${CITIZENS.MARIO}/messages?limit=100`)
    .set("X-Forwarded-Host", UPSTREAM_HOST)
    .set("Cookie", cookie);
  expect(messages.status).toBe(200);
  upstreamContent = [...answers, messages].map((res) => JSON.stringify(res.body)).join("\n");
  expect(upstreamContent.length).toBeGreaterThan(1000);
});

/** The fixed parts of the Italian texts that differ in English (placeholders cut them in pieces). */
function italianOnlyTexts(): string[] {
  const pairs: [string, string][] = [
    ...Object.entries(italian).map(([key, text]): [string, string] => [
      text,
      english[key as keyof typeof italian],
    ]),
  ];
  const pieces = pairs
    .filter(([it, en]) => it !== en)
    // A piece the English text has too (e.g. "(PDF)") is not Italian.
    .flatMap(([it, en]) => it.split(/\{\w+\}/).filter((piece) => !en.includes(piece.trim())))
    .map((piece) => piece.trim().replace(/[.:,;]$/, ""))
    .filter((piece) => (piece.includes(" ") || piece.length >= 5) && !upstreamContent.includes(piece));
  return [...new Set(pieces)];
}

/** What a reader sees, and what assistive technology reads out (labels, titles, alternative texts). */
function visibleText(html: string): string {
  const attributes = [...html.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  const body = html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ");
  return [body, ...attributes]
    .join(" ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&nbsp;|\s+/g, " ");
}

/** Mario's session, one for the whole file (so that his pages, too, are rendered once). */
let session: Promise<string> | undefined;
function citizenCookie(): Promise<string> {
  session ??= logIn();
  return session;
}

async function logIn(): Promise<string> {
  const res = await request(sandbox.url)
    .post("/api-public/sandbox-idp/login")
    .set("X-Forwarded-Host", UPSTREAM_HOST)
    .type("form")
    .send({ codiceFiscale: CITIZENS.MARIO, redirector: "" });
  const setCookie = [res.headers["set-cookie"] ?? []].flat();
  return (setCookie[0] ?? "").split(";")[0] ?? "";
}

/** Sample paths for every route of client/routes.ts (the resource routes answer no page). */
const ROUTES = [
  "/",
  "/manutenzione",
  "/area-personale",
  "/area-personale/attivita",
  "/area-personale/messaggi",
  "/area-personale/documenti",
  "/area-personale/servizi",
  "/area-personale/profilo-utente/componi",
  "/area-personale/profilo-utente/componi/successo",
  "/servizio-non-disponibile",
  "/servizio-non-active",
  "/servizi/prenotazione-appuntamento",
  "/servizi/prenotazione-appuntamento-2?servizio=102",
  "/servizi/prenotazione-appuntamento/successo/999999",
  "/servizi/appuntamento/modifica/999999",
  "/servizi/appuntamento/modifica/successo/999999",
  "/servizi/annullamento-appuntamento/successo",
  "/servizi/modifica-appuntamento/non-valido",
  "/servizi/modifica-appuntamento/successo/non-valido",
  "/faq",
  "/faq?search=certificato",
  "/servizi/102",
  "/servizi/113",
  "/servizi/9999",
  "/argomenti",
  "/argomenti/anagrafe",
  "/argomenti/ztl",
  "/argomenti/non-un-argomento",
  "/note-legali",
  "/privacy",
  "/nuova-richiesta",
  "/servizi/segnalazioni/nuova",
  "/area-personale/profilo-utente",
  "/area-personale/messaggi",
  "/area-personale/messaggi/rssmra-a-20",
  // Mario's seeded ticket on comune-a (sandbox/crm/seed.ts: Anna's three come first) and an unknown one
  "/area-personale/richieste/4",
  "/area-personale/richieste/99999",
  // Mario's seeded draft (sandbox/forms/state.ts): the confirmation of its deletion
  "/area-personale/pratiche/MOON-2026-000003/elimina",
  // Delegations (issue #28): the three lists, the choice and the online delegation's first step
  "/area-personale/deleghe",
  "/area-personale/deleghe/deleganti",
  "/area-personale/deleghe/richieste",
  "/area-personale/deleghe/nuova",
  "/area-personale/deleghe/nuova/online?passo=delegato",
  "/area-personale/deleghe/nuova/richiesta?passo=delegante",
  "/pagina/che/non-esiste",
];

/** The page's `<meta name="description">` content (undefined without one). */
function metaDescription(html: string): string | undefined {
  return /<meta name="description" content="([^"]*)"\/?>/
    .exec(html)?.[1]
    ?.replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

type RenderedPage = {
  status: number;
  text: string;
  description?: string;
  /** How many `<meta name="description">` the page has: one, not one per route module that writes one. */
  descriptions?: number;
  /** The document's `<title>`. */
  title?: string;
  portal: boolean;
};

/**
 * A page as a browser following redirects sees it, rendered once per file: the checks of this file (texts,
 * descriptions, titles) read the same pages, and rendering every route in two languages for each is what made the
 * file the suite's slowest.
 */
const rendered = new Map<string, Promise<RenderedPage>>();
function renderedPage(path: string, cookie: string, lang: "en" | "it", host = HOST): Promise<RenderedPage> {
  const key = [host, lang, cookie, path].join(" ");
  let page = rendered.get(key);
  if (!page) {
    page = render(path, cookie, lang, host);
    rendered.set(key, page);
  }
  return page;
}

async function render(path: string, cookie: string, lang: "en" | "it", host: string): Promise<RenderedPage> {
  let location = path;
  for (let hop = 0; hop < 3; hop++) {
    const res = await request(portal)
      .get(location)
      .set("Host", host)
      .set("Cookie", [`lang=${lang}`, cookie].filter(Boolean).join("; "));
    const next = res.status >= 300 && res.status < 400 ? res.headers.location : undefined;
    // The upstream's own pages (its login) are not the portal's to translate.
    if (next?.startsWith("/api")) return { status: res.status, text: "", portal: false };
    if (next?.startsWith("/")) {
      location = next;
      continue;
    }
    return {
      status: res.status,
      text: visibleText(res.text),
      description: metaDescription(res.text),
      descriptions: res.text.match(/<meta name="description"/g)?.length ?? 0,
      title: /<title>([^<]*)<\/title>/
        .exec(res.text)?.[1]
        ?.replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&"),
      portal: true,
    };
  }
  throw new Error(`${path}: too many redirects`);
}

const englishPage = (path: string, cookie: string, host = HOST) => renderedPage(path, cookie, "en", host);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Catalogue texts found as whole words in the page. */
function missingTranslations(text: string): string[] {
  return italianOnlyTexts().filter((piece) =>
    new RegExp(`(^|[^\\p{L}])${escape(piece)}($|[^\\p{L}])`, "u").test(text),
  );
}

describe("every route in English", () => {
  test("the maintenance gate (a municipality in maintenance)", async () => {
    const gate = await englishPage("/manutenzione", "", "comune-c.localhost");
    expect(gate.status).toBe(503);
    expect(gate.text).toContain("Service under maintenance");
    expect(missingTranslations(gate.text)).toEqual([]);
  });

  test("the catalogue check would notice an Italian page", async () => {
    const res = await request(portal).get("/").set("Host", HOST).set("Cookie", "lang=it");
    expect(missingTranslations(visibleText(res.text)).length).toBeGreaterThan(0);
  });

  for (const who of ["anonymous", "citizen"] as const) {
    test(`${who}: no Italian-only text on any page`, async () => {
      const cookie = who === "citizen" ? await citizenCookie() : "";
      const faq = await englishPage("/faq", cookie);
      const faqLinks = [
        ...(await request(portal)
          .get("/faq")
          .set("Host", HOST)
          .set("Cookie", "lang=en")
          .then((res) => res.text.matchAll(/href="(\/faq\/\d+\/dettagli\/[^"]*)"/g))),
      ].map((m) => m[1]!.replace(/&amp;/g, "&"));
      expect(faq.status).toBe(200);
      const found: Record<string, string[]> = {};
      for (const path of [...ROUTES, ...faqLinks.slice(0, 1)]) {
        const page = await englishPage(path, cookie);
        expect(page.status, path).toBeLessThan(500);
        const missing = missingTranslations(page.text);
        if (missing.length > 0) found[path] = missing;
      }
      expect(found).toEqual({});
    }, 120_000);
  }
});

// Lighthouse SEO (issue #24): every page the portal renders has one meta description, in the page's language.
describe("every route has a meta description", () => {
  for (const who of ["anonymous", "citizen"] as const) {
    test(`${who}: in Italian and in English`, async () => {
      const cookie = who === "citizen" ? await citizenCookie() : "";
      const without: string[] = [];
      const italianInEnglish: string[] = [];
      for (const path of ROUTES) {
        const [it, en] = [await renderedPage(path, cookie, "it"), await renderedPage(path, cookie, "en")];
        for (const [lang, page] of [
          ["it", it],
          ["en", en],
        ] as const)
          if (page.portal && (!page.description?.trim() || page.descriptions !== 1))
            without.push(`${lang} ${path} (${page.status}, ${page.descriptions} descriptions)`);
        if (en.portal && en.description && missingTranslations(en.description).length > 0)
          italianInEnglish.push(`${path}: ${en.description}`);
      }
      expect(without).toEqual([]);
      expect(italianInEnglish).toEqual([]);
    }, 120_000);
  }

  test("the home page, the FAQ, a service card and booking step 1 describe their own content", async () => {
    const cookie = await citizenCookie();
    const home = await renderedPage("/", "", "it");
    expect(home.description).toBe(
      "I servizi digitali del Comune di Valverde: prenota, paga, segnala e segui le tue pratiche quando vuoi.",
    );
    expect((await renderedPage("/", "", "en")).description).toMatch(
      /^The digital services of Comune di Valverde/,
    );
    expect((await renderedPage("/faq", "", "it")).description).toBe(
      "Le risposte alle domande più comuni sui servizi del Comune.",
    );
    const card = await renderedPage("/servizi/102", "", "it");
    const services = JSON.parse((await configPart("servizi")).text) as unknown;
    expect(card.description?.length).toBeGreaterThan(20);
    expect(JSON.stringify(services)).toContain(card.description!.replace(/…$/, ""));
    expect((await renderedPage("/servizi/prenotazione-appuntamento", cookie, "it")).description).toBe(
      "Scegli l'ufficio, il giorno e l'orario, poi indica il motivo dell'appuntamento.",
    );
    expect((await renderedPage("/pagina/che/non-esiste", "", "en")).description).toBe(
      "The page you are looking for does not exist or has been moved.",
    );
  });
});

// Issue #25: every tab's `<title>` reads in one order, "Page - Section - Comune di X": the personal area's pages put
// their own name first, then "Area personale", then the municipality, whichever tab or detail the citizen opens.
describe("every route's title follows one order", () => {
  for (const who of ["anonymous", "citizen"] as const) {
    test(`${who}: "Page - Section - Comune di Valverde", in Italian and in English`, async () => {
      const cookie = who === "citizen" ? await citizenCookie() : "";
      const wrong: string[] = [];
      let personalPages = 0;
      for (const path of ROUTES) {
        for (const lang of ["it", "en"] as const) {
          const page = await renderedPage(path, cookie, lang);
          if (!page.portal) continue;
          const title = page.title ?? "";
          const section = lang === "it" ? "Area personale" : "Personal area";
          const parts = title.split(" - ");
          const ok =
            parts.length >= 2 &&
            parts.at(-1) === "Comune di Valverde" &&
            parts.filter((part) => part === "Comune di Valverde").length === 1 &&
            parts.slice(0, -1).every((part) => part.trim() !== "") &&
            // The section is never before the page: it is the page itself (the desk) or the part before the comune.
            (!parts.includes(section) || parts.indexOf(section) === parts.length - 2) &&
            // Every page under the personal area names it as its section.
            (!/^\/area-personale\/./.test(path) || (parts.length === 3 && parts[1] === section));
          if (path.startsWith("/area-personale/")) personalPages++;
          if (!ok) wrong.push(`${lang} ${path}: ${title}`);
        }
      }
      if (who === "citizen") expect(personalPages).toBeGreaterThan(10);
      expect(wrong).toEqual([]);
    }, 120_000);
  }
});

// WCAG 3.1.2 (language of parts): on an English page, the municipality's own texts, which stay Italian, say so.
describe("the municipality's Italian texts on English pages", () => {
  const tagsOf = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[0]);
  const page = async (path: string, lang: "en" | "it") =>
    (await request(portal).get(path).set("Host", HOST).set("Cookie", `lang=${lang}`)).text;

  test('a service\'s card, the configured menus and footer, a privacy notice: lang="it" in English, nothing in Italian', async () => {
    const english = await page("/servizi/101", "en");
    expect(english).toMatch(/<html lang="en"/);
    const description = tagsOf(english, /<p[^>]*data-element="service-description"[^>]*>/g);
    expect(description).toHaveLength(1);
    expect(description[0]).toContain('lang="it"');
    expect(tagsOf(english, /<h1[^>]*data-element="service-title"[^>]*>/g)[0]).toContain('lang="it"');
    const footerLinks = tagsOf(english, /<a[^>]*data-element="(privacy-policy-link|legal-notes|faq)"[^>]*>/g);
    expect(footerLinks.length).toBeGreaterThan(0);
    for (const link of footerLinks) expect(link).toContain('lang="it"');
    const menu = tagsOf(english, /<a[^>]*data-element="(management|news|live)"[^>]*>/g);
    expect(menu.length).toBeGreaterThan(0);
    for (const link of menu) expect(link).toContain('lang="it"');
    const notice = await page("/nuova-richiesta", "en");
    expect(notice).toMatch(/<p class="mt-2" style="white-space:pre-line" lang="it">/);

    // In Italian the page's own language says it all: only the language switcher's "ITA" names Italian.
    for (const path of ["/servizi/101", "/nuova-richiesta", ...CONTENT_PAGES]) {
      const marked = tagsOf(await page(path, "it"), /<(?!html)[a-z0-9]+ [^>]*\blang="it"[^>]*>/g);
      expect(marked, path).toHaveLength(1);
      expect(marked[0], path).toMatch(/hreflang="it"/i);
    }
  });

  test("the catalogue, topics, FAQ categories and a payment service: the names that are the municipality's, marked", async () => {
    const catalogue = await page("/servizi", "en");
    const links = tagsOf(catalogue, /<a[^>]*data-element="(service-link|service-category-link)"[^>]*>/g);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(link).toContain('lang="it"');
    const topics = tagsOf(await page("/argomenti", "en"), /<a[^>]*data-element="topic-element"[^>]*>/g);
    expect(topics.length).toBeGreaterThan(3);
    for (const link of topics) expect(link).toContain('lang="it"');

    // A name as the page's title and as the breadcrumb's last item; the portal's own items stay English.
    for (const [path, name] of [
      ["/argomenti/anagrafe", "Anagrafe"],
      ["/servizi?categoria=ambiente", "Ambiente"],
      ["/faq?categoria=11", "Anagrafe e stato civile"],
      ["/servizi/pagamenti/104", null],
    ] as const) {
      const english = await page(path, "en");
      const h1 = english.match(/<h1[^>]*data-element="page-name"[^>]*>(.*?)<\/h1>/)?.[1] ?? "";
      expect(h1, path).toMatch(/^<span lang="it">[^<]+<\/span>$/);
      if (name) expect(h1, path).toContain(name);
      const crumbs =
        english.match(/<ol class="breadcrumb[^"]*" data-element="breadcrumb">(.*?)<\/ol>/)?.[1] ?? "";
      expect(crumbs, path).toMatch(/<li[^>]*aria-current="page"><span lang="it">[^<]+<\/span><\/li>/);
      expect(crumbs, path).toContain('<a href="/">Home</a>');
    }
    const service = await page("/servizi/101", "en");
    const crumbs = service.match(/data-element="breadcrumb">(.*?)<\/ol>/)?.[1] ?? "";
    expect(crumbs).toContain(">Services</a>");
    expect(tagsOf(crumbs, /<span lang="it">/g)).toHaveLength(2);
  });
});

/** Pages whose titles, breadcrumbs or lists are the municipality's names. */
const CONTENT_PAGES = [
  "/servizi",
  "/argomenti",
  "/argomenti/anagrafe",
  "/faq?categoria=11",
  "/servizi/pagamenti/104",
];
