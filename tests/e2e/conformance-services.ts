/**
 * The checker's service audits (modello-comuni.md §2.4, §2.5) as Playwright checks, on the server HTML as the
 * checker reads it: the "Servizi" page (svc-list) and a scheda servizio (svc).
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { expectDataElementOrder } from "./conformance-checks.ts";

type JsonLd = {
  "@type"?: string;
  name?: string;
  serviceType?: string;
  serviceOperator?: { name?: string };
  areaServed?: { name?: string };
  audience?: { audienceType?: string };
  availableChannel?: {
    serviceUrl?: string;
    serviceLocation?: {
      name?: string;
      address?: { streetAddress?: string; postalCode?: string; addressLocality?: string };
    };
  };
};

export const MODEL_INDEX = [
  "A chi è rivolto",
  "Come fare",
  "Cosa serve",
  "Cosa si ottiene",
  "Tempi e scadenze",
  "Accedi al servizio",
  "Condizioni di servizio",
  "Contatti",
];

/** Data-elements of the card, in the order of the page. */
const CARD_ORDER = [
  "breadcrumb",
  "service-title",
  "service-status",
  "service-description",
  "service-topic",
  "page-index",
  "service-addressed",
  "service-how-to",
  "service-needed",
  "service-achieved",
  "service-calendar-text",
  "service-file",
  "service-area",
];

async function textOf(page: Page, dataElement: string): Promise<string> {
  return (await page.locator(`[data-element="${dataElement}"]`).first().innerText()).trim();
}

/**
 * The Servizi page (svc-list) as the checker walks it, with JavaScript: service cards (`service-link`) as real
 * links, the booking entry point (`appointment-booking`, C.SI.2.1) with an href, then "Carica altri risultati"
 * (`load-other-cards`, a real link) clicked until it is gone, each click adding cards. Returns every card's address.
 */
export async function expectCatalogue(page: Page): Promise<string[]> {
  const links = page.locator('[data-element="service-link"]');
  expect(await links.count()).toBeGreaterThan(0);
  const booking = page.locator('a[data-element="appointment-booking"]').first();
  expect(await booking.getAttribute("href")).toMatch(/^\/servizi\/prenotazione-appuntamento/);
  const more = page.locator('a[data-element="load-other-cards"]');
  await expect(more).toHaveAttribute("href", /^\/servizi\?/);
  await expect(more).toHaveText("Carica altri risultati");
  while ((await more.count()) > 0) {
    const before = await links.count();
    await more.click();
    await expect.poll(() => links.count(), "each click adds cards").toBeGreaterThan(before);
  }
  const hrefs = await links.evaluateAll((els) => els.map((a) => a.getAttribute("href")!));
  for (const href of hrefs) expect(href).toMatch(/^\/servizi\/[^/]+$/);
  expect(new Set(hrefs).size, "each card once").toBe(hrefs.length);
  return hrefs;
}

/**
 * A scheda servizio: every data-element with non-empty content and in the model's order, the page index exact and
 * in order with each entry's content, access, booking component, and the JSON-LD GovernmentService with every
 * field of R.SI.1.1 (a video-call office's card falls back to the municipality's main office address).
 */
export async function expectServiceCard(page: Page) {
  const where = page.url();
  for (const name of [
    "service-title",
    "service-description",
    "service-addressed",
    "service-how-to",
    "service-needed",
    "service-achieved",
    "service-calendar-text",
    "service-area",
  ])
    expect((await textOf(page, name)).length, `${where} ${name}`).toBeGreaterThanOrEqual(3);
  await expect(page.locator('[data-element="service-status"]')).toHaveCount(1);
  expect((await textOf(page, "service-topic")).length, `${where} service-topic`).toBeGreaterThan(0);
  await expect(page.locator('a[data-element="service-file"]')).toHaveAttribute("href", /^https:\/\//);
  expect(
    await page
      .locator(
        '[data-element="service-online-access"], [data-element="service-booking-access"], [data-element="service-generic-access"]',
      )
      .count(),
    `${where} access`,
  ).toBeGreaterThan(0);
  // The data-elements in the model's order.
  await expectDataElementOrder(page.locator("body"), CARD_ORDER);
  // Page index: the model's entries exactly, in order, each pointing at its section.
  const index = (await page.locator('[data-element="page-index"] > li > a').allInnerTexts()).map((t) =>
    t.trim(),
  );
  expect(
    index.filter((t) => MODEL_INDEX.includes(t)),
    where,
  ).toEqual(MODEL_INDEX);
  for (const a of await page
    .locator('[data-element="page-index"] > li > a')
    .evaluateAll((els) => els.map((e) => e.getAttribute("href")!)))
    await expect(page.locator(a)).toHaveCount(1);
  // Breadcrumb: Servizi followed by the category.
  const crumbs = (await page.locator('[data-element="breadcrumb"] li').allInnerTexts()).map((t) =>
    t
      .toLowerCase()
      .replace(/[^a-zA-Z0-9 ]/g, "")
      .trim(),
  );
  const at = crumbs.indexOf("servizi");
  expect(at, crumbs.join(" | ")).toBeGreaterThan(0);
  expect(crumbs[at + 1]?.length ?? 0).toBeGreaterThanOrEqual(3);
  // C.SI.2.1: the booking component with an href, and C.SI.2.2 "Contatti" with service-area.
  expect(
    await page.locator('a[data-element="appointment-booking"]').first().getAttribute("href"),
  ).toBeTruthy();
  // R.SI.1.1: JSON-LD.
  const metatag = page.locator('script[type="application/ld+json"][data-element="metatag"]');
  await expect(metatag).toHaveCount(1);
  const json = JSON.parse((await metatag.textContent())!) as JsonLd;
  expect(json["@type"]).toBe("GovernmentService");
  const address = json.availableChannel?.serviceLocation?.address;
  const required = {
    name: json.name,
    serviceType: json.serviceType,
    "serviceOperator.name": json.serviceOperator?.name,
    "areaServed.name": json.areaServed?.name,
    "audience.audienceType": json.audience?.audienceType,
    "availableChannel.serviceUrl": json.availableChannel?.serviceUrl,
    "availableChannel.serviceLocation.name": json.availableChannel?.serviceLocation?.name,
    "…address.streetAddress": address?.streetAddress,
    "…address.postalCode": address?.postalCode,
    "…address.addressLocality": address?.addressLocality,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => !(typeof value === "string" && value.trim().length > 0))
    .map(([field]) => field);
  expect(missing, `${where} JSON-LD fields (R.SI.1.1) in ${JSON.stringify(json)}`).toEqual([]);
}
