/**
 * Issue #12: the services catalogue (`/servizi`) and the complete service cards (`/servizi/:id`), as a citizen uses
 * them. Montealto (comune-b) has no CMS: the header's "Servizi" leads to the portal's catalogue. Valverde (comune-a)
 * has a CMS: its header keeps the municipality's website, the portal's catalogue still works. Every access button
 * of every card leads to a real place: a portal page that answers, or the forms front office (the sandbox's stand-in).
 */
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  tenantUrl,
  expectAccessible,
  SANDBOX_URL,
  screenshotForReview,
  waitForHydration,
} from "./fixtures.ts";
import { tabTo } from "./conformance-checks.ts";

type Tenant = "comune-a" | "comune-b";

const ACCESS = [
  '[data-element="service-online-access"]',
  '[data-element="service-booking-access"] a',
  '[data-element="service-generic-access"]',
].join(", ");

/** Status of a same-origin address as a plain GET (no redirects followed), as the checker and a bot would ask. */
async function statusOf(page: Page, url: URL): Promise<number> {
  const direct = new URL(url.href);
  direct.hostname = "127.0.0.1";
  const response = await page.request.get(direct.href, {
    headers: { Accept: "text/html", Host: url.host },
    maxRedirects: 0,
  });
  return response.status();
}

/** The catalogue's result count (a status message). */
function results(page: Page) {
  return page.getByRole("status").filter({ hasText: /trovat[oi]$/ });
}

/** Every card's address, from the catalogue shown in full. */
async function allCardLinks(page: Page, tenant: Tenant): Promise<string[]> {
  await page.goto(tenantUrl(tenant, "/servizi?pagina=10"));
  await expect(page.locator('[data-element="load-other-cards"]')).toHaveCount(0);
  return page
    .locator('[data-element="service-link"]')
    .evaluateAll((els) => els.map((a) => a.getAttribute("href")!));
}

test.describe("comune-b, without CMS, at 1280px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("from the header's Servizi to the catalogue, through paging and search to a card and its booking", async ({
    page,
  }) => {
    await page.goto(tenantUrl("comune-b", "/"));
    const servizi = page.locator('header [data-element="all-services"]');
    await expect(servizi).toHaveAttribute("href", "/servizi");
    await servizi.click();
    await expect(page).toHaveURL(tenantUrl("comune-b", "/servizi"));
    await expect(page.getByRole("heading", { level: 1, name: "Servizi" })).toBeVisible();
    await expect(results(page)).toHaveText("12 servizi trovati");
    const cards = page.locator('[data-element="service-link"]');
    await expect(cards).toHaveCount(6);
    await expectAccessible(page);
    await screenshotForReview(page, "catalogue-comune-b-1280");

    await page.getByRole("link", { name: "Carica altri risultati" }).click();
    await expect(cards).toHaveCount(12);
    await expect(page.locator('[data-element="load-other-cards"]')).toHaveCount(0);

    await page.getByLabel("Cerca un servizio").fill("identita");
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    await expect(page).toHaveURL(/\/servizi\?q=identita$/);
    await expect(results(page)).toHaveText("1 servizio trovato");
    await page.getByRole("link", { name: "Carta d'identità elettronica" }).click();
    await expect(page).toHaveURL(tenantUrl("comune-b", "/servizi/201"));
    await expect(page.getByRole("heading", { level: 1, name: "Carta d'identità elettronica" })).toBeVisible();
    await expect(page.locator('[data-element="page-index"] > li > a')).toHaveText([
      "A chi è rivolto",
      "Come fare",
      "Cosa serve",
      "Cosa si ottiene",
      "Tempi e scadenze",
      "Quanto costa",
      "Accedi al servizio",
      "Delega", // the identity card is delegable on Montealto (its note says how)
      "Condizioni di servizio",
      "Contatti",
    ]);
    // Montealto has no website: no "Ulteriori informazioni" pointing at one.
    await expect(page.getByRole("heading", { name: "Cosa serve" })).toHaveCount(1);
    await expect(page.locator('[data-element="service-area"]')).toContainText("Piazza della Libertà, 3");
    await expectAccessible(page);
    await screenshotForReview(page, "card-comune-b-201-1280");

    // Competent offices: the booking starts from the service (variant 2).
    const booking = page.locator('[data-element="service-booking-access"] a');
    await expect(booking).toHaveAttribute("href", "/servizi/prenotazione-appuntamento-2?servizio=201");
    await booking.click();
    await expect(page).not.toHaveURL(/\/servizi\/201$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/non trovat/i);
  });

  test("a category from the catalogue; the breadcrumb of a card leads back to it", async ({ page }) => {
    await page.goto(tenantUrl("comune-b", "/servizi"));
    await page
      .locator('[data-element="service-category-link"]', { hasText: "Tributi, finanze e contravvenzioni" })
      .click();
    await expect(page).toHaveURL(/\/servizi\?categoria=tributi-finanze-e-contravvenzioni$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Tributi, finanze e contravvenzioni" }),
    ).toBeVisible();
    await expect(results(page)).toHaveText("3 servizi trovati");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Pagamento IMU" }).click();
    const crumbs = page.locator('[data-element="breadcrumb"] a');
    await expect(crumbs.nth(1)).toHaveAttribute("href", "/servizi");
    await expect(crumbs.nth(2)).toHaveAttribute(
      "href",
      "/servizi?categoria=tributi-finanze-e-contravvenzioni",
    );
    await crumbs.nth(2).click();
    await expect(page).toHaveURL(/\/servizi\?categoria=tributi-finanze-e-contravvenzioni$/);
  });

  test("the video-call office is not shown as an address; the reason of an inactive service is", async ({
    page,
  }) => {
    await page.goto(tenantUrl("comune-b", "/servizi/211"));
    const area = page.locator('[data-element="service-area"]');
    await expect(area).toContainText("Ricevimento in videochiamata");
    await expect(area).not.toContainText("Indirizzo");
    await expect(page.getByText("Motivo: Il bando 2026 non è ancora aperto.", { exact: true })).toBeVisible();
    await expect(page.locator('[data-element="service-generic-access"]')).toHaveAttribute(
      "href",
      "#contatti",
    );
    await expectAccessible(page);
  });

  test("keyboard: search, load more and open a card", async ({ page }) => {
    await page.goto(tenantUrl("comune-b", "/servizi"));
    await waitForHydration(page);
    const search = page.getByLabel("Cerca un servizio");
    await tabTo(page, search);
    await page.keyboard.type("pagamento");
    await page.keyboard.press("Enter");
    // A new search shown without a page load: the focus goes to what it found, read out.
    await expect(results(page)).toHaveText("2 servizi trovati");
    await expect(results(page)).toBeFocused();
    await page.getByRole("link", { name: "Mostra tutti i servizi" }).focus();
    await page.keyboard.press("Enter");
    await expect(results(page)).toHaveText("12 servizi trovati");
    const more = page.getByRole("link", { name: "Carica altri risultati" });
    await tabTo(page, more, 120);
    await page.keyboard.press("Enter");
    const cards = page.locator('[data-element="service-link"]');
    await expect(cards).toHaveCount(12);
    // The link is gone (all are shown): the focus is on the first card it added, not lost on the page's body.
    await expect(more).toHaveCount(0);
    await expect(cards.nth(6)).toBeFocused();
    const card = page.getByRole("link", { name: "Segnalazione disservizio" }).first();
    await card.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(tenantUrl("comune-b", "/servizi/209"));
  });
});

test.describe("comune-a, with CMS, at 1280px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the header keeps the municipality's website; the catalogue and a form card work on the portal", async ({
    page,
  }) => {
    await page.goto(tenantUrl("comune-a", "/"));
    await expect(page.locator('header [data-element="all-services"]')).toHaveAttribute(
      "href",
      "https://www.comune.valverde.it/servizi",
    );
    await page.goto(tenantUrl("comune-a", "/servizi"));
    await expect(results(page)).toHaveText("15 servizi trovati");
    await expectAccessible(page);
    await page.getByLabel("Cerca un servizio").fill("certificati");
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    await page.getByRole("link", { name: "Certificati anagrafici" }).click();
    await expect(page).toHaveURL(tenantUrl("comune-a", "/servizi/102"));
    await expectAccessible(page);
    await screenshotForReview(page, "card-comune-a-102-1280");

    // Online access: the forms front office the configuration names (the sandbox's stand-in), never /moonfobl here.
    const online = page.locator('[data-element="service-online-access"]');
    const target = new URL((await online.getAttribute("href"))!);
    expect(target.origin).toBe(SANDBOX_URL);
    expect(target.searchParams.get("codice_modulo")).toBe("CERT_ANAG");
    await online.click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Richiesta di certificati anagrafici" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Annulla e torna al portale" }).click();
    await expect(page).toHaveURL(tenantUrl("comune-a", "/servizi/102"));
  });
});

for (const tenant of ["comune-a", "comune-b"] as const) {
  test(`${tenant}: every card's access buttons lead to a real place`, async ({ page }) => {
    test.setTimeout(120_000);
    const cards = await allCardLinks(page, tenant);
    expect(cards.length).toBeGreaterThanOrEqual(12);
    const checked = new Set<string>();
    for (const card of cards) {
      await page.goto(tenantUrl(tenant, card));
      const hrefs = await page
        .locator(ACCESS)
        .evaluateAll((els) => els.map((a) => (a as HTMLAnchorElement).href));
      expect(hrefs.length, card).toBeGreaterThan(0);
      for (const href of hrefs) {
        const url = new URL(href);
        const key = `${url.origin}${url.pathname}${url.search}`;
        if (checked.has(key)) continue;
        checked.add(key);
        if (url.origin === new URL(page.url()).origin) {
          if (url.pathname === new URL(page.url()).pathname) continue; // "#contatti" on the card itself
          const status = await statusOf(page, url);
          expect(status, `${card} → ${href}`).toBeGreaterThanOrEqual(200);
          expect(status, `${card} → ${href}`).toBeLessThan(400);
        } else if (url.origin === SANDBOX_URL) {
          const response = await page.request.get(href);
          expect(response.status(), `${card} → ${href}`).toBe(200);
        } else {
          // Another website (no network in tests): at least a secure address, never a portal path.
          expect(url.protocol, `${card} → ${href}`).toBe("https:");
        }
      }
    }
  });
}

test.describe("comune-b at 390px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the catalogue and a card on a phone", async ({ page }) => {
    await page.goto(tenantUrl("comune-b", "/servizi"));
    await expect(page.locator('[data-element="service-link"]')).toHaveCount(6);
    await expectAccessible(page);
    await screenshotForReview(page, "catalogue-comune-b-390");
    await page.getByRole("link", { name: "Carica altri risultati" }).click();
    await expect(page.locator('[data-element="service-link"]')).toHaveCount(12);
    await page.goto(tenantUrl("comune-b", "/servizi/206"));
    await expectAccessible(page);
    await screenshotForReview(page, "card-comune-b-206-390");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search, category, 'Carica altri' and a card work as plain links and GET forms", async ({ page }) => {
    await page.goto(tenantUrl("comune-b", "/servizi"));
    await expect(page.locator('[data-element="service-link"]')).toHaveCount(6);
    await page.getByRole("link", { name: "Carica altri risultati" }).click();
    await expect(page).toHaveURL(/\/servizi\?pagina=2#servizio-/);
    await expect(page.locator('[data-element="service-link"]')).toHaveCount(12);
    await page.getByLabel("Cerca un servizio").fill("asilo");
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    await expect(results(page)).toHaveText("1 servizio trovato");
    await page.getByRole("link", { name: "Iscrizione all'asilo nido" }).click();
    await expect(page.locator('[data-element="service-title"]')).toHaveText("Iscrizione all'asilo nido");
    const json = JSON.parse((await page.locator('script[data-element="metatag"]').textContent())!);
    expect(json["@type"]).toBe("GovernmentService");
    await page.goto(tenantUrl("comune-b", "/servizi?categoria=ambiente"));
    await expect(results(page)).toHaveText("1 servizio trovato");
  });
});
