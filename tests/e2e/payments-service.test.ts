import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { mypayIuv } from "#sandbox/mypay/state.ts";
import { seedIuv } from "#sandbox/ppay/positions.ts";
import {
  test,
  expect,
  tenantUrl,
  expectAccessible,
  loginAs,
  resetCitizen,
  SANDBOX_URL,
  screenshotForReview,
  type TenantId,
  CITIZENS,
} from "./fixtures.ts";

// The payment service pages `/servizi/pagamenti/:id` (PPAY on comune-a and comune-b, MYPAY on comune-a): opened from
// the home page's card, the citizen's positions of that payment type, paid through the pagoPA checkout stand-in.

const ANNA = CITIZENS["Anna Esposito"];
const MARIO = CITIZENS["Mario Rossi"];
const positions = (page: Page) => page.getByRole("region", { name: "I tuoi pagamenti" });

async function acceptPrivacy(page: Page) {
  await page.getByText("Ho letto e compreso l'informativa sulla privacy").click();
  await expect(page.getByLabel("Ho letto e compreso l'informativa sulla privacy")).toBeChecked();
}

/** "Paga ora" on the service page → pay by IUV (privacy, summary) → the checkout stand-in → Paga → the outcome. */
async function payFromServicePage(
  page: Page,
  tenant: TenantId,
  description: string,
  iuv: string,
  axe = true,
) {
  await positions(page)
    .getByRole("link", { name: `Paga ora ${description}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento con IUV" })).toBeVisible();
  await acceptPrivacy(page);
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Riepilogo" })).toBeVisible();
  await page.getByRole("button", { name: "Paga con pagoPA" }).click();
  await expect(page.getByText("Simulazione pagoPA")).toBeVisible();
  await page.getByRole("button", { name: "Paga", exact: true }).click();
  await expect(page).toHaveURL(
    tenantUrl(tenant, `/servizi/pagamento-esito?iuv=${iuv}&codEsito=000&descEsito=Pagamento+eseguito`),
  );
  await expect(page.getByRole("heading", { level: 2, name: "Pagamento eseguito" })).toBeVisible();
  // axe needs page scripts: the run without JavaScript checks the same pages' structure only.
  if (axe) await expectAccessible(page);
}

async function expectReceipt(page: Page, description: string) {
  const downloading = page.waitForEvent("download");
  await positions(page)
    .getByRole("link", { name: `Scarica la ricevuta di ${description} (PDF)` })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ricevuta-\d{17}\.pdf$/);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

test("comune-a: from the home card, Mario logs in, sees his TARI positions, pays one and gets the receipt", async ({
  page,
}) => {
  // A long journey (the checkout stand-in and the receipt included), like the other payment journeys.
  test.setTimeout(120_000);
  await resetCitizen(MARIO);
  await page.goto(tenantUrl("comune-a"));
  await page.getByRole("link", { name: "Pagamento TARI", exact: true }).first().click();
  await expect(page).toHaveURL(tenantUrl("comune-a", "/servizi/pagamenti/104"));
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento TARI" })).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "Accedi per vedere i tuoi pagamenti" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Effettua un pagamento spontaneo" })).toHaveAttribute(
    "href",
    "/servizi/ppay/pagamento-spontaneo",
  );
  await expectAccessible(page);
  await screenshotForReview(page, "service-104-anonymous-1280");

  await page.getByRole("link", { name: "Accedi", exact: true }).click();
  await loginAs(page, "Mario Rossi");
  await expect(page).toHaveURL(tenantUrl("comune-a", "/servizi/pagamenti/104"));
  await expect(positions(page).getByText("2 pagamenti su 2")).toBeVisible();
  const cards = positions(page).getByRole("listitem");
  await expect(cards.nth(0)).toContainText("TARI 2026 - prima rata");
  await expect(cards.nth(0)).toContainText("€ 96,40");
  await expect(cards.nth(1)).toContainText("TARI 2025 - rata unica");
  await expect(positions(page)).not.toContainText("IMU");
  await expectAccessible(page);
  await screenshotForReview(page, "service-104-mario-1280");

  await payFromServicePage(page, "comune-a", "TARI 2026 - prima rata", seedIuv("comune-a", MARIO, 4));
  await page.goto(tenantUrl("comune-a", "/servizi/pagamenti/104"));
  await page.getByLabel("Stato pagamento").selectOption({ label: "Pagato" });
  await positions(page).getByRole("button", { name: "Filtra" }).click();
  await expect(page).toHaveURL(/stato-pagamento=pagato/);
  const paid = positions(page).getByRole("listitem").filter({ hasText: "TARI 2026 - prima rata" });
  await expect(paid.getByText("Stato pagamento: Pagato")).toBeVisible();
  await expect(positions(page).getByText("2 pagamenti su 2")).toBeVisible();
  await expectAccessible(page);
  await expectReceipt(page, "TARI 2026 - prima rata");
});

test("comune-b at 390 px: Anna pays her IMU from the service page; the fines page shows a cancelled one", async ({
  page,
}) => {
  await resetCitizen(ANNA);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl("comune-b", "/servizi/pagamenti/203"));
  await page.getByRole("link", { name: "Accedi", exact: true }).click();
  await loginAs(page, "Anna Esposito");
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento IMU" })).toBeVisible();
  const imu = positions(page).getByRole("listitem").filter({ hasText: "IMU 2025 - saldo" });
  await expect(imu.getByText("Stato pagamento: Scaduto")).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await screenshotForReview(page, "service-203-anna-390");

  await payFromServicePage(page, "comune-b", "IMU 2025 - saldo", seedIuv("comune-b", ANNA, 4));
  await page.goto(tenantUrl("comune-b", "/servizi/pagamenti/203"));
  await expect(imu.getByText("Stato pagamento: Pagato")).toBeVisible();
  await expectReceipt(page, "IMU 2025 - saldo");

  await page.goto(tenantUrl("comune-b"));
  await page.getByRole("link", { name: "Multe e sanzioni", exact: true }).first().click();
  await expect(page).toHaveURL(tenantUrl("comune-b", "/servizi/pagamenti/205"));
  const fine = positions(page)
    .getByRole("listitem")
    .filter({ hasText: "Contravvenzione codice della strada n. 1532" });
  await expect(fine.getByText("Stato pagamento: Annullato")).toBeVisible();
  await expect(fine.getByRole("link", { name: /Paga ora/ })).toHaveCount(0);
  await expectAccessible(page);
});

test("comune-a: a MYPAY immediate payment paid at the checkout shows paid; a forged 000 does not", async ({
  page,
}) => {
  await resetCitizen(ANNA);
  await page.goto(tenantUrl("comune-a", "/servizi/pagamenti/106"));
  await page.getByRole("link", { name: "Accedi", exact: true }).click();
  await loginAs(page, "Anna Esposito");
  await expect(page.getByRole("heading", { level: 1, name: "Diritti di segreteria" })).toBeVisible();
  // Anna's dues of this type are the municipality's own (`creatoDa: ENTE`, issue #40): their purpose as written,
  // without the payer-created warning (a payer-created due's texts are hidden: payments.test.ts).
  await expect(positions(page).getByText("Diritti di istruttoria SCIA 2026/042")).toBeVisible();
  await expect(positions(page)).not.toContainText("chiunque può crearne uno");
  await expect(positions(page).getByText(mypayIuv("comune-a", 1), { exact: true })).toBeVisible();
  await expect(positions(page)).not.toContainText("Lampade votive");
  await expectAccessible(page);
  await screenshotForReview(page, "service-106-mypay-1280");

  // The stepper's "pay now" call, made here through the sandbox API (the MYPAY engine is what is under test).
  const res = await fetch(`${SANDBOX_URL}/api-public/mypay/importaDovutoImmediato`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-host": "servizi.comune.valverde.it",
    },
    body: JSON.stringify({
      codTipo: "DIRITTI_SEGRETERIA",
      importo: 32.5,
      causale: "Pratica edilizia 2026/099",
      pagatore: {
        tipo: "F",
        codiceIdentificativo: ANNA,
        anagrafica: "Anna Esposito",
        email: "anna@example.org",
      },
    }),
  });
  expect(res.status).toBe(201);
  const { iuv, urlPagamento } = (await res.json()) as { iuv: string; urlPagamento: string };

  await page.goto(tenantUrl("comune-a", `/servizi/pagamenti/106/esito-pagamento?iuv=${iuv}&codEsito=000`));
  await expect(
    page.getByRole("heading", { level: 2, name: "Pagamento non ancora confermato" }),
  ).toBeVisible();
  await expectAccessible(page);

  await page.goto(urlPagamento);
  await expect(page.getByText("€ 32,50")).toBeVisible();
  await page.getByRole("button", { name: "Paga", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/servizi/pagamento-esito\\?iuv=${iuv}&codEsito=000`));
  await expect(page.getByRole("heading", { level: 2, name: "Pagamento eseguito" })).toBeVisible();
  await expectAccessible(page);

  await page.goto(tenantUrl("comune-a", "/servizi/pagamenti/106?stato-pagamento=pagato"));
  // Found by its IUV: the payer's free text ("Pratica edilizia 2026/099") is not shown on a spontaneous type's due.
  const card = positions(page).getByRole("listitem").filter({ hasText: iuv });
  await expect(card.getByText("Stato pagamento: Pagato")).toBeVisible();
  await expect(card.getByText("€ 32,50")).toBeVisible();
});

test("a catalogue service that is not a payment service is a 404 page", async ({ page }) => {
  const res = await page.goto(tenantUrl("comune-a", "/servizi/pagamenti/101"));
  expect(res?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "Servizio di pagamento non trovato" }),
  ).toBeVisible();
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("comune-a: Anna filters her TARI positions, pays one and sees it paid", async ({ page }) => {
    await resetCitizen(ANNA);
    await page.goto(tenantUrl("comune-a", "/servizi/pagamenti/104"));
    await page.getByRole("link", { name: "Accedi", exact: true }).click();
    await loginAs(page, "Anna Esposito");
    await page.getByLabel("Stato pagamento").selectOption({ label: "Da pagare" });
    await positions(page).getByRole("button", { name: "Filtra" }).click();
    await expect(page).toHaveURL(/stato-pagamento=da-pagare/);
    await expect(positions(page).getByText("1 pagamento su 1")).toBeVisible();
    await payFromServicePage(page, "comune-a", "TARI 2026 - prima rata", seedIuv("comune-a", ANNA, 6), false);
    await page.goto(tenantUrl("comune-a", "/servizi/pagamenti/104?stato-pagamento=da-pagare"));
    await expect(
      positions(page).getByText("Non ci sono pagamenti in base ai filtri di ricerca"),
    ).toBeVisible();
  });
});

test("comune-a: a MYPAY due to pay has 'Paga ora' and its notice; paying it from the card (issue #25)", async ({
  page,
}) => {
  await resetCitizen(ANNA);
  const due = mypayIuv("comune-a", 2);
  await page.goto(tenantUrl("comune-a", "/servizi/pagamenti/106"));
  await page.getByRole("link", { name: "Accedi", exact: true }).click();
  await loginAs(page, "Anna Esposito");
  await expect(page.getByRole("heading", { level: 1, name: "Diritti di segreteria" })).toBeVisible();
  const card = positions(page).getByRole("listitem").filter({ hasText: due });
  await expect(card.getByText("Stato pagamento: Da pagare")).toBeVisible();
  await expect(card.getByRole("button", { name: /^Paga ora/ })).toBeVisible();
  await expect(positions(page)).not.toContainText("pagamento spontaneo");
  // The paid due has neither.
  const paidCard = positions(page)
    .getByRole("listitem")
    .filter({ hasText: mypayIuv("comune-a", 1) });
  await expect(paidCard.getByRole("button", { name: /^Paga ora/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshotForReview(page, "payout-due-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await screenshotForReview(page, "payout-due-390", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  const downloading = page.waitForEvent("download");
  await card.getByRole("link", { name: /^Scarica l.avviso di pagamento/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`avviso-pagamento-3${due}.pdf`);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  await card.getByRole("button", { name: /^Paga ora/ }).click();
  await expect(page.getByText("Simulazione pagoPA")).toBeVisible();
  await expect(page.getByText("€ 100,00")).toBeVisible();
  await page.getByRole("button", { name: "Paga", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/servizi/pagamento-esito\\?iuv=${due}&codEsito=000`));
  await expect(page.getByRole("heading", { level: 2, name: "Pagamento eseguito" })).toBeVisible();

  // Attività lists the MYPAY dues beside the PPAY positions.
  await page.goto(tenantUrl("comune-a", "/area-personale/attivita?pagamenti=20"));
  const payments = page.getByRole("region", { name: "Pagamenti" });
  await expect(
    payments.getByRole("listitem").filter({ hasText: due }).getByText("Stato pagamento: Pagato"),
  ).toBeVisible();
  await expect(payments.getByText(mypayIuv("comune-a", 3), { exact: true })).toBeVisible();
  await expect(payments.getByText(seedIuv("comune-a", ANNA, 6), { exact: true })).toBeVisible();
});

for (const tenant of ["comune-a", "comune-b"] as const) {
  test(`${tenant}: the desk's latest activities interleave payments, requests and appointments (issue #25)`, async ({
    page,
  }) => {
    await resetCitizen(ANNA);
    await page.goto(tenantUrl(tenant, "/area-personale"));
    await loginAs(page, "Anna Esposito");
    const latest = page.getByRole("region", { name: "Ultime attività" });
    const items = latest.getByRole("list").first().locator(":scope > li");
    await expect(items).toHaveCount(4);
    await expect(items.nth(0).locator('[data-element="payment-card"]')).toBeVisible();
    await expect(items.nth(1).locator('[data-element="ticket-card"]')).toBeVisible();
    await expect(items.nth(1).getByRole("link", { name: /^Vedi dettaglio/ })).toBeVisible();
    await expect(items.nth(2).getByRole("heading", { level: 3 })).toBeVisible();
    await expectAccessible(page);
    await screenshotForReview(page, `payout-desk-${tenant}-1280`);
  });
}
