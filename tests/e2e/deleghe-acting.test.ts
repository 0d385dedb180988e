import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { seedIuv } from "#sandbox/ppay/positions.ts";
import {
  test,
  expect,
  tenantUrl,
  expectAccessible,
  loginAs,
  resetCitizen,
  CITIZENS,
  type TenantId,
} from "./fixtures.ts";
import {
  BOOKING,
  chooseSlot,
  choosePlace,
  next,
  acceptPrivacyAndConfirm,
  expectStep,
} from "./appointments-support.ts";

// Acting "per conto di" a delegator (DELEGHE, issue #28) on both municipalities: Anna Esposito delegates Giulia
// Bianchi online (a payment service and the identity card's appointments), Giulia accepts, then, acting for Anna,
// pays Anna's position through the pagoPA stand-in, downloads its receipt and books (then cancels) an appointment in
// Anna's name; Anna withdraws the delegation and Giulia's next step is refused with the message. Valverde's payment
// service is the TARI (104), Montealto has no TARI service: its delegable one is the IMU (203).

const ANNA = CITIZENS["Anna Esposito"];
const GIULIA = CITIZENS["Giulia Bianchi"];
const MARIO = CITIZENS["Mario Rossi"];
const BANNER = `Stai utilizzando il servizio per conto di Anna Esposito (${ANNA})`;

type Setup = {
  tenant: TenantId;
  payment: { id: string; iuv: string; description: string };
  appointment: { id: string; category: string; office: string; day: number };
};
const SETUPS: Setup[] = [
  {
    tenant: "comune-a",
    payment: { id: "104", iuv: seedIuv("comune-a", ANNA, 6), description: "TARI 2026 - prima rata" },
    appointment: {
      id: "101",
      category: "Anagrafe e stato civile",
      office: "Ufficio Anagrafe - Sede centrale",
      day: 7,
    },
  },
  {
    tenant: "comune-b",
    payment: { id: "203", iuv: seedIuv("comune-b", ANNA, 4), description: "IMU 2025 - saldo" },
    appointment: {
      id: "201",
      category: "Servizi demografici",
      office: "Sportello Servizi demografici",
      day: 8,
    },
  },
];

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/acting-${name}.png`, fullPage: true });
}

async function login(
  page: Page,
  tenant: TenantId,
  who: "Anna Esposito" | "Giulia Bianchi" | "Mario Rossi",
  path: string,
) {
  await page.goto(tenantUrl(tenant, `/api/utenti/login?redirector=${encodeURIComponent(path)}`));
  await loginAs(page, who);
  await expect(page.locator("header details.it-user-wrapper > summary")).toContainText(who);
}

/** A second browser (the delegate's) that has answered "No, grazie" to the push opt-in, as the fixture's page. */
async function newContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext(options);
  await context.addInitScript(() => {
    try {
      for (const code of ["c_v001", "c_m002"])
        sessionStorage.setItem(`CITFAC_${code}_BANNER_FCM_DO_NOT_ASK`, "true");
    } catch {
      // No storage on this page.
    }
  });
  return context;
}

const banner = (page: Page) => page.getByRole("region", { name: "Delega attiva" });
const card = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

/** Anna delegates Giulia online for the payment service and the appointment service. */
async function annaDelegatesGiulia(page: Page, s: Setup) {
  await login(page, s.tenant, "Anna Esposito", "/area-personale/deleghe/nuova/online");
  await page.getByLabel(/Codice fiscale del delegato/).fill(GIULIA);
  await page.getByLabel(/Nome del delegato/).fill("Giulia");
  await page.getByLabel(/Cognome del delegato/).fill("Bianchi");
  await page.getByRole("button", { name: "Avanti" }).click();
  await page.locator(`label[for="servizio-${s.payment.id}"]`).click();
  await page.locator(`label[for="servizio-${s.appointment.id}"]`).click();
  const end = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel(/Data di scadenza della delega/).fill(end);
  await page.locator('label[for="accetto"]').click();
  await page.getByRole("button", { name: "Avanti" }).click();
  await page.getByRole("button", { name: "Invia la delega" }).click();
  await expect(page.getByRole("heading", { name: "Delega inviata", level: 2 })).toBeVisible();
}

/** Giulia chooses Anna in the page's "per conto di" form. */
async function chooseAnna(page: Page) {
  const form = page.getByRole("region", { name: "Usa il servizio per conto di un delegante" });
  await expect(form).toBeVisible();
  await form.getByText(`Anna Esposito (${ANNA})`).click();
  await expect(form.getByLabel(new RegExp(`Anna Esposito \\(${ANNA}\\)`))).toBeChecked();
  // Wait for the choice itself: for the second module the banner already shows Anna (acting for her on PPAY), so
  // it cannot tell that this choice was saved (CI once went on before it was, and booked in Giulia's name).
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().includes("/area-personale/per-conto-di"),
  );
  await form.getByRole("button", { name: "Conferma la scelta" }).click();
  await saved;
  await expect(banner(page)).toContainText(BANNER);
}

async function payForAnna(page: Page, s: Setup) {
  await page.goto(tenantUrl(s.tenant, `/servizi/pagamenti/${s.payment.id}`));
  await expectAccessible(page);
  await shot(page, `${s.tenant}-chooser-1280`);
  await chooseAnna(page);
  const positions = page.getByRole("region", { name: "I tuoi pagamenti" });
  await expect(positions.getByText(s.payment.iuv).first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, `${s.tenant}-payments-1280`);
  await positions.getByRole("link", { name: `Paga ora ${s.payment.description}` }).click();
  await page.getByText("Ho letto e compreso l'informativa sulla privacy").click();
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText(ANNA).first()).toBeVisible();
  await page.getByRole("button", { name: "Paga con pagoPA" }).click();
  await expect(page.getByText("Simulazione pagoPA")).toBeVisible();
  await page.getByRole("button", { name: "Paga", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Pagamento eseguito" })).toBeVisible();
  await expect(banner(page)).toContainText(BANNER);
  await page.goto(tenantUrl(s.tenant, `/servizi/pagamenti/${s.payment.id}`));
  const downloading = page.waitForEvent("download");
  await positions
    .getByRole("link", { name: `Scarica la ricevuta di ${s.payment.description} (PDF)` })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`ricevuta-${s.payment.iuv}.pdf`);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

async function bookForAnna(page: Page, s: Setup) {
  await page.goto(tenantUrl(s.tenant, BOOKING));
  await chooseAnna(page);
  await choosePlace(page, s.appointment.category, s.appointment.office);
  await next(page);
  await chooseSlot(page, 2, s.appointment.day, 0);
  await next(page);
  await page.getByLabel(/^Motivo/).selectOption({ index: 1 });
  await page.getByLabel(/^Dettagli/).fill("Rinnovo per conto della delegante");
  await next(page);
  await expectStep(page, "Richiedente", 4);
  await expect(page.getByLabel(/^Nome/)).toHaveValue("Anna");
  await expect(page.getByLabel(/^Codice fiscale/)).toHaveValue(ANNA);
  await page.getByLabel(/^Email/).fill("delegata.giulia@example.it");
  await next(page);
  await expect(page.getByText(ANNA).first()).toBeVisible();
  await acceptPrivacyAndConfirm(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appuntamento confermato");
  await expect(page.getByText(ANNA).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Annulla appuntamento" }).click();
  await page
    .getByRole("dialog", { name: "Annulla appuntamento" })
    .getByRole("button", { name: "Sì, annulla l'appuntamento" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appuntamento annullato");
}

async function journey(page: Page, browser: Browser, s: Setup) {
  test.setTimeout(300_000);
  await resetCitizen(ANNA);
  await resetCitizen(GIULIA);
  await annaDelegatesGiulia(page, s);

  const other = await newContext(browser);
  const giulia = await other.newPage();
  await login(giulia, s.tenant, "Giulia Bianchi", "/area-personale/deleghe/deleganti");
  await giulia.getByRole("button", { name: "Accetta la delega di Anna Esposito" }).click();
  await expect(card(giulia, "Anna Esposito").getByText("Approvata").first()).toBeVisible();
  await payForAnna(giulia, s);
  await bookForAnna(giulia, s);

  await page.goto(tenantUrl(s.tenant, "/area-personale/deleghe/delegati"));
  await card(page, "Giulia Bianchi")
    .filter({ hasText: "Approvata" })
    .getByRole("button", { name: "Ritira la delega a Giulia Bianchi" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "La delega è stata ritirata." })).toBeVisible();

  // Giulia's next step for Anna is refused, with the message; the mode is over.
  const refused = await giulia.goto(tenantUrl(s.tenant, `/servizi/pagamenti/${s.payment.id}`));
  expect(refused?.status()).toBe(403);
  await expect(giulia.getByText("La delega di Anna Esposito non è più attiva").first()).toBeVisible();
  await expect(banner(giulia)).toHaveCount(0);
  await expectAccessible(giulia);
  await shot(giulia, `${s.tenant}-ended-1280`);
  await giulia.reload();
  await expect(giulia.getByText(s.payment.iuv)).toHaveCount(0);
  await other.close();
}

for (const s of SETUPS) {
  test(`${s.tenant}: Anna delegates Giulia, Giulia pays and books for Anna, Anna withdraws`, async ({
    page,
    browser,
  }) => {
    await journey(page, browser, s);
  });
}

test("comune-a: without JavaScript at 390 px the choice and the banner work; 'Cancella delegato' by keyboard", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await resetCitizen(MARIO);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await login(page, "comune-a", "Mario Rossi", "/servizi/pagamenti/104");
  await chooseAnna(page);
  await expect(page.getByText(seedIuv("comune-a", ANNA, 6)).first()).toBeVisible();
  await shot(page, "comune-a-banner-390");
  const clear = banner(page).getByRole("button", { name: "Cancella delegato" });
  for (let i = 0; i < 30 && !(await clear.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(clear).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(tenantUrl("comune-a", "/servizi/pagamenti/104"));
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByText(seedIuv("comune-a", MARIO, 4)).first()).toBeVisible();
  await context.close();
});
