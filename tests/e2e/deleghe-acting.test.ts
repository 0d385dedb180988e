import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { seedIuv } from "#sandbox/ppay/positions.ts";
import {
  test,
  expect,
  tenantUrl,
  expectAccessible,
  resetCitizen,
  screenshotForReview,
  waitForHydration,
} from "./fixtures.ts";
import {
  ANNA,
  BANNER,
  GIULIA,
  MARIO,
  SETUPS,
  annaDelegatesGiulia,
  banner,
  card,
  chooseAnna,
  login,
  newContext,
  type Setup,
} from "./deleghe-acting-support.ts";
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
// Anna's name; Anna withdraws the delegation and Giulia's next page is her own, saying so (issue #40; a step posted
// for Anna after the withdrawal: deleghe-withdrawn.test.ts).

async function payForAnna(page: Page, s: Setup) {
  await page.goto(tenantUrl(s.tenant, `/servizi/pagamenti/${s.payment.id}`));
  await expectAccessible(page);
  await screenshotForReview(page, `acting-${s.tenant}-chooser-1280`);
  await chooseAnna(page);
  // Whose payments they are (issue #40: not "I tuoi pagamenti" while acting for Anna).
  const positions = page.getByRole("region", { name: "Pagamenti di Anna Esposito" });
  await expect(positions.getByText(s.payment.iuv).first()).toBeVisible();
  await expectAccessible(page);
  await screenshotForReview(page, `acting-${s.tenant}-payments-1280`);
  await positions.getByRole("link", { name: `Paga ora ${s.payment.description}` }).click();
  await page.getByText("Ho letto e compreso l'informativa sulla privacy").click();
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText(ANNA).first()).toBeVisible();
  await page.getByRole("button", { name: "Paga con pagoPA" }).click();
  await expect(page.getByText("Simulazione pagoPA")).toBeVisible();
  await page.getByRole("button", { name: "Paga", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Pagamento eseguito" })).toBeVisible();
  await expect(banner(page)).toContainText(BANNER);
  // Anna's receipt is not in Giulia's personal area (issue #40): the outcome says whose payment it was.
  await expect(page.getByText("Il pagamento per conto di Anna Esposito risulta eseguito")).toBeVisible();
  await expect(page.getByText("nella tua area personale")).toHaveCount(0);
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
  // The outcome page takes the focus with its heading (issue #40).
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
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

  await annaWithdraws(page, s);

  // Giulia's next page is her own (issue #40: no longer a 403 error page), saying why; the mode is over.
  const own = await giulia.goto(tenantUrl(s.tenant, `/servizi/pagamenti/${s.payment.id}`));
  expect(own?.status()).toBe(200);
  await expect(
    giulia.getByRole("status").filter({ hasText: "La delega di Anna Esposito non è più attiva" }),
  ).toBeVisible();
  await expect(banner(giulia)).toHaveCount(0);
  await expect(giulia.getByText(s.payment.iuv)).toHaveCount(0);
  await expectAccessible(giulia);
  await screenshotForReview(giulia, `acting-${s.tenant}-ended-1280`);
  await giulia.reload();
  await expect(giulia.getByText("La delega di Anna Esposito non è più attiva")).toHaveCount(0);
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
  await screenshotForReview(page, "acting-comune-a-banner-390");
  // One short line on a phone (issue #40: it took ~110 of 844 px), still sticky.
  expect((await banner(page).boundingBox())!.height).toBeLessThanOrEqual(64);
  // The personal area's cards sit inside their column, the same margin on both sides (issue #40: 20 px and 4 px).
  await page.goto(tenantUrl("comune-a", "/area-personale/deleghe/delegati"));
  const box = (await page.getByRole("article").first().boundingBox())!;
  expect(Math.abs(box.x - (390 - box.x - box.width))).toBeLessThanOrEqual(1);
  await page.goto(tenantUrl("comune-a", "/servizi/pagamenti/104"));
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

// A delegation withdrawn while the delegate is using it (issue #40), on both municipalities: Anna delegates Giulia,
// Giulia acts for Anna half-way through a booking, Anna withdraws in her own browser, Giulia's next step is refused:
// the step's page again, in Giulia's own name, the named message in view, the banner gone, and Giulia goes on in her
// own name. Then the same with the summary of Anna's payment: "Paga con pagoPA" after the withdrawal.

const REFUSED =
  "La delega di Anna Esposito non è più attiva: l'operazione per suo conto non è stata eseguita.";

/** Giulia accepts Anna's newest delegation (the one waiting for her) in her own browser. */
async function giuliaAccepts(giulia: Page, s: Setup) {
  await giulia.goto(tenantUrl(s.tenant, "/area-personale/deleghe/deleganti?stato=ATTESA_DELEGATO"));
  await giulia.getByRole("button", { name: "Accetta la delega di Anna Esposito" }).click();
  // The notice takes the focus (issue #40: accepting left it on <body>).
  await expect(giulia.getByRole("status").filter({ hasText: "La delega è stata accettata." })).toBeFocused();
}

/** Anna withdraws her live delegation to Giulia (confirming it, as every irreversible action). */
async function annaWithdraws(anna: Page, s: Setup) {
  await anna.goto(tenantUrl(s.tenant, "/area-personale/deleghe/delegati?stato=APPROVATA"));
  await waitForHydration(anna);
  await card(anna, "Giulia Bianchi")
    .getByRole("button", { name: "Ritira la delega a Giulia Bianchi" })
    .click();
  await anna
    .getByRole("dialog", { name: "Ritirare la delega?" })
    .getByRole("button", { name: "Sì, ritira la delega" })
    .click();
  await expect(anna.getByRole("status").filter({ hasText: "La delega è stata ritirata." })).toBeVisible();
}

/** The refusal as Giulia sees it: the alert in view (focused), the banner gone. */
async function expectRefused(giulia: Page) {
  const alert = giulia.getByRole("alert").filter({ hasText: REFUSED });
  await expect(alert).toBeVisible();
  await expect(alert).toBeInViewport();
  await expect(alert).toBeFocused();
  await expect(banner(giulia)).toHaveCount(0);
  // Never the root error page.
  await expect(giulia.getByRole("heading", { name: "Accesso negato" })).toHaveCount(0);
}

async function bookingWithdrawn(anna: Page, giulia: Page, s: Setup) {
  await giulia.goto(tenantUrl(s.tenant, BOOKING));
  await chooseAnna(giulia);
  await choosePlace(giulia, s.appointment.category, s.appointment.office);
  await next(giulia);
  await chooseSlot(giulia, 2, s.appointment.day + 1, 1);
  await next(giulia);
  await giulia.getByLabel(/^Motivo/).selectOption({ index: 1 });
  await giulia.getByLabel(/^Dettagli/).fill("Per conto della delegante");
  await next(giulia);
  await expectStep(giulia, "Richiedente", 4);
  await expect(giulia.getByLabel(/^Codice fiscale/)).toHaveValue(ANNA);
  await giulia.getByLabel(/^Email/).fill("delegata.giulia@example.it");

  await annaWithdraws(anna, s);

  // Giulia's next step: not carried out for Anna; the same step, now in her own name.
  await next(giulia);
  await expectRefused(giulia);
  await expectStep(giulia, "Richiedente", 4);
  await expect(giulia.getByLabel(/^Codice fiscale/)).toHaveValue(GIULIA);
  await expectAccessible(giulia);
  await screenshotForReview(giulia, `withdrawn-${s.tenant}-booking`, { fullPage: false });
  // The way on, in her own name: the summary names Giulia, not Anna.
  await next(giulia);
  await expectStep(giulia, "Riepilogo", 5);
  await expect(giulia.getByText(GIULIA).first()).toBeVisible();
  await expect(giulia.getByText(ANNA)).toHaveCount(0);
  await expect(giulia.getByRole("alert").filter({ hasText: REFUSED })).toHaveCount(0);
}

async function paymentWithdrawn(anna: Page, giulia: Page, s: Setup) {
  await annaDelegatesGiulia(anna, s, [s.payment.id], { loggedIn: true });
  await giuliaAccepts(giulia, s);
  await giulia.goto(tenantUrl(s.tenant, `/servizi/pagamenti/${s.payment.id}`));
  await chooseAnna(giulia);
  await giulia
    .getByRole("region", { name: "Pagamenti di Anna Esposito" })
    .getByRole("link", { name: `Paga ora ${s.payment.description}` })
    .click();
  await giulia.getByText("Ho letto e compreso l'informativa sulla privacy").click();
  await giulia.getByRole("button", { name: "Avanti" }).click();
  await expect(giulia.getByText(ANNA).first()).toBeVisible();

  await annaWithdraws(anna, s);

  await giulia.getByRole("button", { name: "Paga con pagoPA" }).click();
  await expectRefused(giulia);
  await expect(giulia.getByRole("heading", { name: "Questo pagamento non è a tuo nome" })).toBeVisible();
  await expect(giulia.getByText("Simulazione pagoPA")).toHaveCount(0);
  await expectAccessible(giulia);
  await screenshotForReview(giulia, `withdrawn-${s.tenant}-payment`, { fullPage: false });
  await giulia.getByRole("link", { name: "Vai ai tuoi pagamenti" }).click();
  await expect(giulia).toHaveURL(/\/area-personale\/attivita/);
  await expect(giulia.getByText(s.payment.iuv)).toHaveCount(0);
}

async function withdrawnJourney(page: Page, browser: Browser, s: Setup) {
  test.setTimeout(240_000);
  await resetCitizen(ANNA);
  await resetCitizen(GIULIA);
  await annaDelegatesGiulia(page, s, [s.appointment.id]);
  const other = await newContext(browser);
  const giulia = await other.newPage();
  await login(giulia, s.tenant, "Giulia Bianchi", "/area-personale");
  await giuliaAccepts(giulia, s);
  await bookingWithdrawn(page, giulia, s);
  await paymentWithdrawn(page, giulia, s);
  await other.close();
}

for (const s of SETUPS) {
  test(`${s.tenant}: Anna withdraws while Giulia books and pays for her; Giulia's next step goes on in her own name`, async ({
    page,
    browser,
  }) => {
    await withdrawnJourney(page, browser, s);
  });
}
