/**
 * The checker's shell and information-page audits (modello-comuni.md §2.4/§2.5), with the model's own data written
 * out here, independently of the portal's code (a change to the portal's lists must not change the oracle): the
 * header and footer data-elements (C.SI.1.6, C.SI.2.3, C.SI.2.4, C.SI.3.2–3.4), the second-level service categories
 * (C.SI.1.7), the topics vocabulary (C.SI.1.5) and the licence text of the legal notes (C.SI.3.4).
 */
import { request, type Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The Modello Comuni's 64 topics (C.SI.1.5, `controlledVocabulary.ts`), spelled as the model does. */
export const MODEL_TOPICS = [
  "Accesso all'informazione",
  "Acqua",
  "Agricoltura",
  "Anagrafe",
  "Animale domestico",
  "Aria",
  "Assistenza agli invalidi",
  "Assistenza sociale",
  "Associazioni",
  "Bilancio",
  "Commercio al minuto",
  "Commercio all'ingrosso",
  "Commercio ambulante",
  "Comunicazione istituzionale",
  "Comunicazione politica",
  "Concorsi",
  "Covid-19",
  "Elezioni",
  "Energie rinnovabili",
  "Estero",
  "Foreste",
  "Formazione professionale",
  "Gemellaggi",
  "Gestione rifiuti",
  "Giustizia",
  "Igiene pubblica",
  "Immigrazione",
  "Imposte",
  "Imprese",
  "Inquinamento",
  "Integrazione sociale",
  "Isolamento termico",
  "Istruzione",
  "Lavoro",
  "Matrimonio",
  "Mercato",
  "Mobilità sostenibile",
  "Morte",
  "Nascita",
  "Parcheggi",
  "Patrimonio culturale",
  "Pesca",
  "Piano di sviluppo",
  "Pista ciclabile",
  "PNRR",
  "Politica commerciale",
  "Polizia",
  "Prodotti alimentari",
  "Protezione civile",
  "Residenza",
  "Risposta alle emergenze",
  "Sistema giuridico",
  "Spazio Verde",
  "Sport",
  "Sviluppo sostenibile",
  "Tassa sui servizi",
  "Tempo libero",
  "Trasparenza amministrativa",
  "Trasporto pubblico",
  "Turismo",
  "Urbanizzazione",
  "Viaggi",
  "Zone pedonali",
  "ZTL",
];

/** The checker's dictionary of the Servizi second level (C.SI.1.7, `menuItems.ts`), compared case-insensitively. */
export const MODEL_SERVICE_CATEGORIES = [
  "educazione e formazione",
  "salute, benessere e assistenza",
  "vita lavorativa",
  "mobilità e trasporti",
  "catasto e urbanistica",
  "anagrafe e stato civile",
  "turismo",
  "giustizia e sicurezza pubblica",
  "tributi, finanze e contravvenzioni",
  "cultura e tempo libero",
  "ambiente",
  "imprese e commercio",
  "autorizzazioni",
  "appalti pubblici",
  "agricoltura e pesca",
];

/**
 * The categories the model adds to the fifteen (§1.1, "Richiesta di assistenza": the *Categorie dei Servizi* plus
 * "Relazioni con il pubblico"). The checker does not know them: each one lowers C.SI.1.7 from 1 to 0.5 (> 50% of
 * the titles in the dictionary, still a pass). Nothing else may be added.
 */
export const MODEL_EXTRA_CATEGORIES = ["relazioni con il pubblico"];

/** C.SI.3.4: `src/audits/license/legalNotes.ts`, the only text the checker accepts as `legal-notes-body`. */
export const LEGAL_NOTES_BODY =
  "In applicazione del principio open by default ai sensi dell’articolo 52 del decreto legislativo 7 marzo 2005, n. 82 (CAD) e salvo dove diversamente specificato (compresi i contenuti incorporati di terzi), i dati, i documenti e le informazioni pubblicati sul sito sono rilasciati con licenza CC-BY 4.0. Gli utenti sono quindi liberi di condividere (riprodurre, distribuire, comunicare al pubblico, esporre in pubblico), rappresentare, eseguire e recitare questo materiale con qualsiasi mezzo e formato e modificare (trasformare il materiale e utilizzarlo per opere derivate) per qualsiasi fine, anche commerciale con il solo onere di attribuzione, senza apporre restrizioni aggiuntive.";

/** The checker's normalisation of the legal notes: lower case, whitespace collapsed, `'` read as `’`. */
export const normaliseLegal = (text: string) =>
  text.toLowerCase().replace(/\s+/g, " ").replace(/'/g, "’").trim();

export const HEADER_ELEMENTS = [
  "personal-area-login",
  "main-navigation",
  "management",
  "news",
  "all-services",
  "live",
  "all-topics",
] as const;

export const FOOTER_ELEMENTS = [
  "faq",
  "report-inefficiency",
  "appointment-booking",
  "privacy-policy-link",
  "legal-notes",
  "accessibility-link",
] as const;

type LinkFact = { element: string; tag: string; href: string | null; where: "header" | "footer" };

/**
 * Every data-element of the header and the footer with its tag, href and place: of the live page, or of `html`
 * parsed as a document (what a plain GET gets).
 */
function linkFacts(page: Page, html?: string): Promise<LinkFact[]> {
  return page.evaluate((source) => {
    const root = source === undefined ? document : new DOMParser().parseFromString(source, "text/html");
    return [...root.querySelectorAll("header [data-element], footer [data-element]")].map((el) => ({
      element: el.getAttribute("data-element")!,
      tag: el.tagName,
      href: el.getAttribute("href"),
      where: el.closest("footer") ? ("footer" as const) : ("header" as const),
    }));
  }, html);
}

/**
 * A plain GET of a portal address (no redirects followed), as the checker's axios asks: its own client, so its
 * cookies never reach the browser's jar (the cookie audit reads the browser's).
 */
export async function plainGet(url: URL): Promise<{ status: number; html: string }> {
  // Node does not resolve *.localhost as the browser does: ask 127.0.0.1 with the tenant's Host header.
  const direct = new URL(url.href);
  direct.hostname = "127.0.0.1";
  const client = await request.newContext();
  try {
    const response = await client.get(direct.href, {
      headers: { Accept: "text/html", Host: url.host },
      maxRedirects: 0,
    });
    return { status: response.status(), html: await response.text() };
  } finally {
    await client.dispose();
  }
}

/** The first-level menu's model entries in the model's order, and what each one's text must be (C.SI.1.6). */
const MODEL_MENU: ReadonlyArray<readonly [string, RegExp]> = [
  ["management", /^Amministrazione$/i],
  ["news", /^Novità$/i],
  ["all-services", /^Servizi$/i],
  ["live", /^Vivere /i],
];

/**
 * C.SI.1.6, run online by the checker on the municipality's site: the first-level menu has exactly the four model
 * entries, in order, and none resolves to another host. With a CMS the municipality's website is that site (the
 * portal's header carries the website's four entries, each an https link to the same website host); without one the
 * portal is the site, and a website it does not have is never linked (issue #40): its entries, in the model's order,
 * are only those the portal serves (Montealto: "Servizi"; the other three are a website's pages, so the checker's
 * online score for them stays 0 until the municipality has one), each on the portal's own host and answering there.
 */
async function expectFirstLevelMenu(page: Page, cms: boolean) {
  const nav = page.locator('header [data-element="main-navigation"]');
  expect(await nav.evaluate((el) => el.tagName)).toBe("UL");
  const entries = await nav.locator(":scope > li > a[data-element]").evaluateAll((els) =>
    els.map((el) => ({
      element: el.getAttribute("data-element")!,
      text: (el as HTMLElement).innerText.trim(),
      href: el.getAttribute("href"),
    })),
  );
  const model = MODEL_MENU.map(([element]) => element);
  const elements = entries.map((e) => e.element);
  expect(elements, "model entries only, in the model's order").toEqual(
    model.filter((m) => elements.includes(m)),
  );
  if (cms) expect(elements, "a website's menu: the four model entries").toEqual(model);
  else expect(elements, "the portal serves the Servizi entry").toContain("all-services");
  for (const entry of entries)
    expect(entry.text, entry.element).toMatch(new Map(MODEL_MENU).get(entry.element)!);
  const hosts = new Set<string>();
  for (const entry of entries) {
    expect(entry.href, entry.element).toBeTruthy();
    const target = new URL(entry.href!, page.url());
    hosts.add(target.host);
    if (cms) expect(target.protocol, `${entry.element} → ${target.href}`).toBe("https:");
    else {
      expect(target.origin, `${entry.element} → ${target.href}: on the portal's host`).toBe(
        new URL(page.url()).origin,
      );
      const { status } = await plainGet(target);
      expect(status, `${entry.element} → ${target.href}`).toBeLessThan(400);
    }
  }
  expect([...hosts], "every first-level entry on the same host").toHaveLength(1);
}

/**
 * The home page's header and footer as the checker reads them (hp audits): the header's login link and menu
 * (C.SI.1.6, `expectFirstLevelMenu`), all topics; the footer's
 * links inside `<footer>` with their labels (C.SI.2.3 FAQ, C.SI.2.4 "Segnalazione disservizio", C.SI.3.2 AgID form,
 * C.SI.3.3 privacy, C.SI.3.4 legal notes), every one a real `<a href>`; the server HTML (what a plain GET and the
 * checker's cheerio see) carries the same links as the hydrated page; every target on the portal answers a plain
 * GET with 2xx/3xx. Returns the header's and footer's hrefs, resolved, by data-element.
 */
export async function expectShell(
  page: Page,
  municipality: string,
  cms: boolean,
): Promise<Record<string, URL>> {
  const header = page.locator("header");
  const footer = page.locator("footer");
  const targets: Record<string, URL> = {};
  await expectFirstLevelMenu(page, cms);
  // Without a website, the model's menu entries other than Servizi are not there (expectFirstLevelMenu).
  const shown = HEADER_ELEMENTS.filter((n) => cms || !["management", "news", "live"].includes(n));
  for (const name of shown) await expect(header.locator(`[data-element="${name}"]`), name).toHaveCount(1);
  for (const name of shown.filter((n) => n !== "main-navigation")) {
    const link = header.locator(`a[data-element="${name}"]`);
    await expect(link, `${name} is an <a>`).toHaveCount(1);
    const href = await link.getAttribute("href");
    expect(href, name).toBeTruthy();
    expect(href, name).not.toBe("#");
    targets[name] = new URL(href!, page.url());
  }
  for (const name of FOOTER_ELEMENTS) {
    const link = footer.locator(`a[data-element="${name}"]`);
    await expect(link, `${name} in <footer>`).toHaveCount(1);
    const href = await link.getAttribute("href");
    expect(href, name).toBeTruthy();
    expect(href, name).not.toBe("#");
    targets[name] = new URL(href!, page.url());
    // appointment-booking also sits in the "Contatta il comune" block; the others only in the footer.
    if (name !== "appointment-booking")
      await expect(page.locator(`[data-element="${name}"]`), `${name} only in the footer`).toHaveCount(1);
  }
  expect(
    (await footer.locator('[data-element="report-inefficiency"]').innerText()).trim().toLowerCase(),
  ).toBe("segnalazione disservizio");
  expect((await footer.locator('[data-element="faq"]').innerText()).toLowerCase()).toMatch(
    /faq|domande frequenti/,
  );
  expect(targets["accessibility-link"]!.href).toMatch(/^https:\/\/form\.agid\.gov\.it\//);
  await expect(footer).toContainText(municipality);

  // The server's HTML has the same header and footer links as the hydrated page.
  const home = new URL(page.url());
  const served = (await plainGet(home)).html;
  const live = await linkFacts(page);
  const server = await linkFacts(page, served);
  expect(server, "the server HTML carries the same header and footer data-elements").toEqual(live);

  // Every footer and header target: on the portal a plain GET answers 2xx/3xx; elsewhere https (no network here).
  for (const [name, target] of Object.entries(targets)) {
    if (target.origin !== home.origin) {
      expect(target.protocol, `${name} → ${target.href}`).toMatch(/^(https|mailto):$/);
      continue;
    }
    const { status } = await plainGet(target);
    expect(status, `${name} → ${target.href}`).toBeGreaterThanOrEqual(200);
    expect(status, `${name} → ${target.href}`).toBeLessThan(400);
  }
  return targets;
}

/**
 * C.SI.1.7 on the portal's Servizi page: the `service-category-link` titles, lower-cased, are in the checker's
 * dictionary; only the model's own additions may not be (score 0.5, reported). Returns the category links.
 */
export async function expectServiceCategories(page: Page): Promise<string[]> {
  const links = page.locator('a[data-element="service-category-link"]');
  expect(await links.count(), "service-category-link").toBeGreaterThan(0);
  const titles = (await links.allInnerTexts()).map((t) => t.trim().toLowerCase());
  const outside = titles.filter((t) => !MODEL_SERVICE_CATEGORIES.includes(t));
  expect(
    outside.filter((t) => !MODEL_EXTRA_CATEGORIES.includes(t)),
    "categories outside the model",
  ).toEqual([]);
  expect(outside.length / titles.length, "C.SI.1.7 needs more than half in the dictionary").toBeLessThan(0.5);
  return links.evaluateAll((els) => els.map((a) => a.getAttribute("href")!));
}

/** C.SI.1.5: the `all-topics` page lists topics, each `topic-element` one of the model's 64, spelled exactly. */
export async function expectTopics(page: Page) {
  const topics = (await page.locator('[data-element="topic-element"]').allInnerTexts()).map((t) => t.trim());
  expect(topics.length, "topic-element").toBeGreaterThan(0);
  expect(
    topics.filter((t) => !MODEL_TOPICS.includes(t)),
    "topics outside the model vocabulary",
  ).toEqual([]);
  expect(new Set(topics).size, "each topic once").toBe(topics.length);
}

/** C.SI.3.4: "Licenza dei contenuti" and the licence text, exactly as the checker compares them. */
export async function expectLegalNotes(page: Page) {
  const section = page.locator('[data-element="legal-notes-section"]');
  expect(await section.count(), "legal-notes-section").toBeGreaterThan(0);
  expect((await section.first().innerText()).trim().toLowerCase()).toBe("licenza dei contenuti");
  const body = (await page.locator('[data-element="legal-notes-body"]').allTextContents()).join(" ");
  expect(normaliseLegal(body)).toBe(normaliseLegal(LEGAL_NOTES_BODY));
}
