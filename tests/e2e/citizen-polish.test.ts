import type { Locator, Page } from "@playwright/test";
import { test, expect, tenantUrl, expectAccessible, loginAs, resetCitizen, CITIZENS } from "./fixtures.ts";
import {
  acceptPrivacyAndConfirm,
  BOOKING,
  chooseSlot,
  choosePlace,
  expectStep,
  fillDetails,
  fillRequester,
  next,
  openMailboxLink,
  uniqueEmail,
} from "./appointments-support.ts";

// Issue #25, the minor items of the walkthrough: what a citizen reads and where things sit on the page.

const ANNA = CITIZENS["Anna Esposito"];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function left(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, "element laid out").not.toBeNull();
  return Math.round(box!.x);
}

/** How many lines a link's label takes (the distinct tops of its text's boxes). */
function lineCount(link: Locator): Promise<number> {
  return link.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

async function loginOn(page: Page, tenant: "comune-a" | "comune-b", path: string) {
  await page.goto(tenantUrl(tenant, path));
  await loginAs(page, "Anna Esposito");
  await expect(page).toHaveURL(tenantUrl(tenant, path));
}

test("messages, their filter and the message page name the notification service by its title, never its code", async ({
  page,
}) => {
  await loginOn(page, "comune-a", "/area-personale/messaggi");
  const list = page.getByRole("list").filter({ has: page.getByRole("link", { name: /Carta d'identità/ }) });
  await expect(list.getByText("Anagrafe e stato civile").first()).toBeVisible();
  await expect(list.getByText("Pagamento TARI").first()).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/valverde_/);
  // Two cards share "valverde_anagrafe": the service's own name; "valverde_eventi" has no card: its own name too.
  await expect(page.getByLabel("Servizio").locator("option")).toHaveText([
    "Tutti i servizi",
    "Anagrafe e stato civile",
    "Eventi e iniziative",
    "Iscrizione alla mensa scolastica",
    "Pagamento contravvenzioni",
    "Pagamento TARI",
  ]);
  await expectAccessible(page);

  await page.getByLabel("Servizio").selectOption({ label: "Anagrafe e stato civile" });
  await page.getByRole("button", { name: "Applica" }).click();
  await expect(page).toHaveURL(/servizio=valverde_anagrafe/);
  await expect(page.getByLabel("Servizio").locator("option:checked")).toHaveText("Anagrafe e stato civile");
  await expect(list.getByText("Pagamento TARI")).toHaveCount(0);

  await list.getByRole("link", { name: /Carta d'identità elettronica pronta$/ }).click();
  await expect(
    page.getByRole("heading", { name: "Carta d'identità elettronica pronta", exact: true }),
  ).toBeVisible();
  const sender = page.locator("dt", { hasText: "Servizio" }).locator("xpath=following-sibling::dd[1]");
  await expect(sender).toHaveText("Anagrafe e stato civile");
  await expect(page.getByRole("main")).not.toContainText(/valverde_/);
  // Opening it marked it read.
  await resetCitizen(ANNA);
});

test("the profile's preferences: services by title, the channel columns line up from one table to the next", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await loginOn(page, "comune-a", "/area-personale/profilo-utente");
  const general = page.getByRole("table", { name: "Notifiche", exact: true });
  const payments = page.getByRole("table", { name: "Notifiche sui pagamenti" });
  await expect(general.getByRole("rowheader")).toHaveText([
    "Anagrafe e stato civile",
    "Iscrizione alla mensa scolastica",
    "Eventi e iniziative",
  ]);
  await expect(page.getByLabel("Email per Anagrafe e stato civile")).toBeAttached();
  await expect(page.getByRole("main")).not.toContainText(/valverde_/);
  await expectAccessible(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    for (const channel of ["Email", "Sms", "Push"]) {
      const above = general.getByRole("columnheader", { name: channel });
      const below = payments.getByRole("columnheader", { name: channel });
      expect(await left(below), `${channel} at ${size.width}px`).toBe(await left(above));
    }
  }
});

test("Attività on a phone opens with the page index, whose links reach each section", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginOn(page, "comune-a", "/area-personale/attivita");
  const index = page.getByRole("navigation", { name: "Indice della pagina" });
  await expect(index.getByRole("link")).toHaveText([
    "Appuntamenti",
    "Pratiche",
    "Pagamenti",
    "Richieste di assistenza",
    "Bozze di richiesta",
  ]);
  await expectAccessible(page);
  await index.getByRole("link", { name: "Pagamenti" }).click();
  await expect(page).toHaveURL(/#pagamenti$/);
  await expect(page.getByRole("heading", { level: 3, name: "Pagamenti", exact: true })).toBeInViewport();
});

test("booking from a service card: the service in the breadcrumb; the confirmation's index and notes; the cards of the e-mail's page at 390px", async ({
  page,
}) => {
  test.slow();
  await page.goto(tenantUrl("comune-a", "/servizi/101"));
  await page.getByRole("link", { name: "Prenota appuntamento" }).first().click();
  await expectStep(page, "Luogo", 1);
  const breadcrumb = page.getByRole("navigation", { name: "Percorso di navigazione" });
  await expect(breadcrumb).toContainText(
    "Home/Servizi/Carta d'identità elettronica/Prenotazione appuntamento",
  );
  await expect(breadcrumb.getByRole("link", { name: "Carta d'identità elettronica" })).toHaveAttribute(
    "href",
    "/servizi/101",
  );
  await expect(breadcrumb.getByRole("link", { name: "Servizi" })).toHaveAttribute("href", "/servizi");
  await expectAccessible(page);
  // Montealto books for logged-in citizens only: the page asking to log in keeps the service in its trail too.
  await page.goto(tenantUrl("comune-b", "/servizi/prenotazione-appuntamento-2?servizio=201"));
  await expect(page.getByRole("link", { name: "Accedi all'area personale" }).last()).toBeVisible();
  await expect(breadcrumb).toContainText(
    "Home/Servizi/Carta d'identità elettronica/Prenotazione appuntamento",
  );

  // The confirmation, booked at the general desk (its notes open with "Cosa serve:").
  const email = uniqueEmail("polish");
  await page.goto(tenantUrl("comune-a", BOOKING));
  await choosePlace(page, "Anagrafe e stato civile", "Ufficio Anagrafe - Sede centrale");
  await next(page);
  await chooseSlot(page, 3, 5, 0);
  await next(page);
  await fillDetails(page, "Carta d'identità elettronica", "Rinnovo");
  await next(page);
  await fillRequester(page, { nome: "Sara", cognome: "Neri", email });
  await next(page);
  await acceptPrivacyAndConfirm(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appuntamento confermato");
  const whatToBring = page.getByRole("region", { name: "Cosa serve" });
  await expect(whatToBring.getByText(/^Documento d'identità in corso di validità/)).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("Cosa serve: Cosa serve");
  await expect(whatToBring).not.toContainText("Cosa serve:");
  const index = page.getByRole("navigation", { name: "Indice della pagina" });
  await expect(index.getByRole("heading", { name: "Indice della pagina" })).toBeVisible();
  await expect(index.locator(".link-list a.nav-link")).toHaveText([
    "Riepilogo",
    "Cosa serve",
    "Indirizzo",
    "Aggiungi al tuo calendario",
  ]);
  await expectAccessible(page);

  // The e-mail's link at 390px: the cards start where the title starts, inside the screen.
  await openMailboxLink(page, "comune-a", email, "Conferma prenotazione appuntamento");
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Modifica appuntamento");
  const titleLeft = await left(page.getByRole("heading", { level: 1 }));
  const cards = page.locator("main .card");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    const box = (await card.boundingBox())!;
    expect(Math.round(box.x)).toBe(titleLeft);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width - titleLeft + 1);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  await expectAccessible(page);
});

test("at 1280px every item of the header's menus is on one line, and the home page's content starts where the other pages' does", async ({
  page,
}) => {
  for (const tenant of ["comune-a", "comune-b"] as const) {
    await page.setViewportSize(DESKTOP);
    await page.goto(tenantUrl(tenant, "/"));
    const links = page.locator(".it-header-navbar-wrapper .navbar-nav a.nav-link");
    expect(await links.count()).toBeGreaterThan(4);
    for (const link of await links.all()) {
      expect(await lineCount(link), `${tenant}: ${await link.innerText()}`).toBe(1);
    }
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(tenantUrl(tenant, "/"));
      const home = await left(page.getByRole("heading", { level: 1 }));
      expect(
        await left(page.getByRole("heading", { name: "Tutti i servizi" })),
        `${tenant} ${size.width}`,
      ).toBe(home);
      for (const path of ["/servizi", "/argomenti", BOOKING]) {
        await page.goto(tenantUrl(tenant, path));
        expect(await left(page.getByRole("heading", { level: 1 })), `${tenant}${path} ${size.width}`).toBe(
          home,
        );
      }
    }
  }
});
