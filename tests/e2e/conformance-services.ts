/**
 * The checker's service audits (modello-comuni.md §2.4, §2.5) as Playwright checks, on the server HTML as the
 * checker reads it: the "Servizi" page (svc-list) and a scheda servizio (svc).
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

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
 * The Servizi page: service cards (`service-link`) as real links, paging (`load-other-cards` or `pager-link`),
 * categories and the booking entry point (`appointment-booking`) with an href. Returns every card's address
 * (following "Carica altri" to the end).
 */
export async function expectCatalogue(page: Page): Promise<string[]> {
  const links = page.locator('[data-element="service-link"]');
  expect(await links.count()).toBeGreaterThan(0);
  for (const href of await links.evaluateAll((els) => els.map((a) => a.getAttribute("href"))))
    expect(href).toMatch(/^\/servizi\/[^/]+$/);
  expect(await page.locator('a[data-element="service-category-link"]').count()).toBeGreaterThan(0);
  const booking = page.locator('a[data-element="appointment-booking"]').first();
  expect(await booking.getAttribute("href")).toMatch(/^\/servizi\/prenotazione-appuntamento/);
  const paging = page.locator('a[data-element="load-other-cards"], a[data-element="pager-link"]');
  await expect(paging.first()).toHaveAttribute("href", /^\/servizi\?/);
  while ((await page.locator('a[data-element="load-other-cards"]').count()) > 0) {
    const next = await page.locator('a[data-element="load-other-cards"]').getAttribute("href");
    await page.goto(new URL(next!, page.url()).href);
  }
  return links.evaluateAll((els) => els.map((a) => a.getAttribute("href")!));
}

/**
 * A scheda servizio: every data-element with non-empty content and in the model's order, the page index exact and
 * in order with each entry's content, access, booking component, and the JSON-LD GovernmentService. Returns whether
 * the JSON-LD has every field of R.SI.1.1 (a video-call office has no street address).
 */
export async function expectServiceCard(page: Page): Promise<{ jsonLdComplete: boolean }> {
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
  // Order of the data-elements in the document.
  const positions = await page.evaluate((names) => {
    const all = [...document.querySelectorAll("[data-element]")];
    return names.map((n) => all.findIndex((el) => el.getAttribute("data-element") === n));
  }, CARD_ORDER);
  expect(
    positions.every((p) => p >= 0),
    `${where} ${CARD_ORDER.join(",")}: ${positions.join(",")}`,
  ).toBe(true);
  expect(
    [...positions].sort((a, b) => a - b),
    `${where} order`,
  ).toEqual(positions);
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
  const required = [
    json.name,
    json.serviceType,
    json.serviceOperator?.name,
    json.areaServed?.name,
    json.audience?.audienceType,
    json.availableChannel?.serviceUrl,
    json.availableChannel?.serviceLocation?.name,
  ];
  for (const value of required)
    expect(typeof value === "string" && value.length > 0, `${where} ${JSON.stringify(json)}`).toBe(true);
  const address = json.availableChannel?.serviceLocation?.address;
  const jsonLdComplete = Boolean(address?.streetAddress && address?.postalCode && address?.addressLocality);
  return { jsonLdComplete };
}
