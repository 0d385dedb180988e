import { readFile } from "node:fs/promises";
import {
  test,
  expect,
  tenantUrl,
  expectAccessible,
  loginAs,
  resetCitizen,
  screenshotForReview,
  type TenantId,
} from "./fixtures.ts";
import {
  acceptPrivacy,
  chooseType,
  fillAmount,
  fillPayer,
  GIULIA,
  holdReceipts,
  loginLink,
  PAYER_CF,
  typeSelect,
  expectNoticeDownload,
} from "./payments-spontaneous-support.ts";

// Spontaneous payments (PPAY on comune-a and comune-b, MYPAY on comune-a): anonymous visitors pay through the
// sandbox's pagoPA checkout stand-in or generate a notice. The anonymous payer is NOT a seeded citizen, so the
// positions these tests create never show up in another test's lists.

for (const [tenant, type] of [
  ["comune-a", "Mensa scolastica - ricarica"],
  ["comune-b", "Servizi cimiteriali"],
] as const satisfies ReadonlyArray<readonly [TenantId, string]>) {
  test(`${tenant}: an anonymous visitor pays a spontaneous PPAY payment through pagoPA`, async ({ page }) => {
    // The longest payment journey (every step's errors, five accessibility checks, the checkout, the notice's PDF):
    // about 45 s on a quiet machine of two cores, over the default 60 s when CI's two workers load it.
    test.setTimeout(150_000);
    await page.goto(tenantUrl(tenant, "/servizi/ppay/pagamento-spontaneo"));
    await expect(page.getByRole("heading", { level: 1, name: "Pagamento spontaneo" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Consulta le FAQ" })).toHaveAttribute("href", "/faq");
    await expect(loginLink(page)).toHaveAttribute("href", /redirector=/);
    await expectAccessible(page);
    await screenshotForReview(page, `${tenant}-home-1280`);
    await page.getByRole("link", { name: "Paga online tramite pagoPA" }).click();

    // Privacy: required.
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect(
      page.getByText("Per proseguire è necessario accettare l'informativa sulla privacy").first(),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshotForReview(page, `${tenant}-privacy-1280`);
    await acceptPrivacy(page);

    await expectAccessible(page);
    await screenshotForReview(page, `${tenant}-type-1280`);
    await chooseType(page, type);

    // The tax code rule by length, the repeated e-mail.
    await page.getByText("Persona fisica").click();
    await page.getByRole("textbox", { name: /^Nome/ }).fill("Francesca");
    await page.getByLabel("Cognome").fill("Neri");
    await page.getByLabel("Codice fiscale / P.IVA").fill("12345");
    await page.getByRole("textbox", { name: /^Email/ }).fill("francesca.neri@example.it");
    await page.getByLabel("Ripeti email").fill("francesca@example.it");
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect(page.getByText("Deve essere uguale all'email").first()).toBeVisible();
    await expect(
      page.getByText("Inserisci un codice fiscale di 16 caratteri o una partita IVA di 11 cifre").first(),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Nome/ })).toHaveValue("Francesca");
    await expectAccessible(page);
    await screenshotForReview(page, `${tenant}-payer-errors-1280`);
    await fillPayer(page);

    await page.getByLabel(/^Importo/).fill("12,505");
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect(page.getByText("Indica al massimo due cifre dopo la virgola").first()).toBeVisible();
    await expectAccessible(page);
    await screenshotForReview(page, `${tenant}-amount-1280`);
    await fillAmount(page, "1.234,50");

    await expect(page.getByText("€ 1.234,50")).toBeVisible();
    await expect(page.getByText(type)).toBeVisible();
    await expect(page.getByText(PAYER_CF)).toBeVisible();
    await expect(page.getByRole("link", { name: "Modifica Effettuato da" })).toBeVisible();
    await expectAccessible(page);
    await screenshotForReview(page, `${tenant}-summary-1280`);
    await page.getByRole("button", { name: "Paga con pagoPA" }).click();

    await expect(page.getByText("Simulazione pagoPA")).toBeVisible();
    await expect(page.getByText("€ 1234,50")).toBeVisible();
    // Issue #25: the receipt (Ricevuta Telematica) arrives later; the anonymous payer sees this IUV's outcome.
    await holdReceipts(true);
    try {
      await page.getByRole("button", { name: "Paga", exact: true }).click();
      await expect(page).toHaveURL(
        new RegExp(`^${tenantUrl(tenant, "/servizi/pagamento-esito")}\\?iuv=9\\d{16}&codEsito=000`),
      );
      await expect(page.getByRole("heading", { level: 1, name: "Esito del pagamento" })).toBeVisible();
      await expect(
        page.getByRole("heading", {
          level: 2,
          name: "Pagamento eseguito, in attesa della Ricevuta Telematica",
        }),
      ).toBeVisible();
      await expect(page.getByText(/^Riferimento IUV: 9\d{16}$/)).toBeVisible();
      await expect(page.getByText("Esito in attesa di conferma")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Scarica la ricevuta (PDF)" })).toHaveCount(0);
      await expectAccessible(page);
      await screenshotForReview(page, `${tenant}-outcome-pending-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshotForReview(page, `${tenant}-outcome-pending-390`);
      await page.setViewportSize({ width: 1280, height: 900 });
    } finally {
      await holdReceipts(false);
    }
    await page.getByRole("link", { name: "Aggiorna l'esito" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Pagamento eseguito" })).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Scarica la ricevuta (PDF)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ricevuta-9\d{16}\.pdf$/);
    expect((await readFile((await download.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await expectAccessible(page);
    await screenshotForReview(page, `${tenant}-outcome-receipt-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotForReview(page, `${tenant}-outcome-receipt-390`);
  });
}

test("comune-b at 390 px: an anonymous visitor generates a PPAY notice (required notes) and downloads it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl("comune-b", "/servizi/ppay/pagamento-spontaneo"));
  await screenshotForReview(page, "comune-b-home-390");
  await page.getByRole("link", { name: "Genera avviso di pagamento" }).click();
  await acceptPrivacy(page);
  await typeSelect(page).selectOption({ label: "Trasporto scolastico" });
  await expect(page.getByText("Indica nelle note il nome dello studente.")).toBeVisible();
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(
    page.getByText("Inserisci le note richieste per questa tipologia di pagamento").first(),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshotForReview(page, "comune-b-type-390");
  await page.getByLabel("Note").fill("Studente Luca Neri");
  await page.getByRole("button", { name: "Avanti" }).click();
  await screenshotForReview(page, "comune-b-payer-390");
  await fillPayer(page);
  await screenshotForReview(page, "comune-b-amount-390");
  await fillAmount(page, "45");
  await expect(page.getByText("Studente Luca Neri")).toBeVisible();
  await expectAccessible(page);
  await screenshotForReview(page, "comune-b-summary-390");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await page.getByRole("button", { name: "Genera avviso di pagamento" }).click();
  await expect(page).toHaveURL(tenantUrl("comune-b", "/avviso-pagamento/esito"));
  await expect(page.getByText("€ 45,00")).toBeVisible();
  await expectAccessible(page);
  await screenshotForReview(page, "comune-b-outcome-390");
  await expectNoticeDownload(page);
});

test("comune-a by keyboard only: a PPAY notice for a company (VAT number)", async ({ page }) => {
  await page.goto(tenantUrl("comune-a", "/servizi/ppay/pagamento-spontaneo/avviso-pagamento"));
  await page.getByLabel("Ho letto e compreso l'informativa sulla privacy").focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Avanti" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Tipologia di pagamento" })).toBeFocused();
  // The search box (a GET form) filters the types.
  await page.getByLabel("Cerca una tipologia di pagamento").focus();
  await page.keyboard.type("suolo");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/cerca=suolo/);
  // What the search found is said (the status is in the page before it, so it is read out).
  await expect(
    page.getByRole("status").filter({ hasText: "1 tipologia di pagamento corrisponde alla ricerca." }),
  ).toBeVisible();
  await typeSelect(page).focus();
  await page.keyboard.press("ArrowDown");
  await expect(typeSelect(page)).toHaveValue("OSAP");
  await expect(page.getByText("L'importo è indicato nell'autorizzazione")).toBeVisible();
  await page.getByLabel("Note").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Avanti" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Dati personali" })).toBeFocused();
  // Required, so marked "*", until "Non dispongo di un identificativo fiscale italiano" is ticked.
  await expect(page.locator('label[for="taxCode"]')).toContainText("*");
  await expect(page.getByLabel("Codice fiscale / P.IVA")).toHaveAttribute("required", "");
  const noTaxId = page.getByLabel("Non dispongo di un identificativo fiscale italiano");
  await noTaxId.focus();
  await page.keyboard.press("Space");
  await expect(page.locator('label[for="taxCode"]')).not.toContainText("*");
  await page.keyboard.press("Space");
  await expect(noTaxId).not.toBeChecked();
  await page.getByLabel("Persona giuridica").focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("textbox", { name: /^Nome/ })).toHaveCount(0);
  await page.getByLabel("Ragione sociale").focus();
  await page.keyboard.type("Neri S.r.l.");
  await page.keyboard.press("Tab");
  await page.keyboard.type("01234567897");
  await page.getByRole("textbox", { name: /^Email/ }).focus();
  await page.keyboard.type("info@neri.example.it");
  await page.keyboard.press("Tab");
  await page.keyboard.type("info@neri.example.it");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Importo" })).toBeFocused();
  await page.getByLabel(/^Importo/).focus();
  await page.keyboard.type("80.5");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Riepilogo" })).toBeFocused();
  await expect(page.getByText("Neri S.r.l.")).toBeVisible();
  await expect(page.getByText("€ 80,50")).toBeVisible();
  await page.getByRole("button", { name: "Genera avviso di pagamento" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(tenantUrl("comune-a", "/avviso-pagamento/esito"));
  await expectAccessible(page);
  await screenshotForReview(page, "comune-a-outcome-1280");
  await expectNoticeDownload(page);
});

test("comune-a: a logged-in citizen sees the payer pre-filled from the identity and locked", async ({
  page,
}) => {
  await resetCitizen(GIULIA);
  await page.goto(tenantUrl("comune-a", "/servizi/ppay/pagamento-spontaneo"));
  await loginLink(page).click();
  await loginAs(page, "Giulia Bianchi");
  await expect(page).toHaveURL(tenantUrl("comune-a", "/servizi/ppay/pagamento-spontaneo"));
  await expect(page.getByText("Hai già un'identità digitale SPID o CIE?")).toHaveCount(0);
  await page.getByRole("link", { name: "Paga online tramite pagoPA" }).click();
  await acceptPrivacy(page);
  await chooseType(page, "Carta d'identità elettronica");
  // The identity's data are text, not fields that look editable.
  await expect(page.getByRole("definition").filter({ hasText: GIULIA })).toBeVisible();
  await expect(page.getByLabel("Codice fiscale / P.IVA")).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: /^Nome/ })).toHaveCount(0);
  await expect(page.getByText("Persona giuridica")).toHaveCount(0);
  // The profile's own e-mail needs no repeating; another address does.
  const email = page.getByRole("textbox", { name: /^Email/ });
  await expect(email).not.toHaveValue("");
  await expect(page.getByLabel(/^Ripeti email/)).toHaveCount(0);
  await expectAccessible(page);
  await screenshotForReview(page, "comune-a-payer-logged-in-1280");
  const own = await email.inputValue();
  await email.fill("altro.indirizzo@example.it");
  await expect(page.getByLabel(/^Ripeti email/)).toBeVisible();
  await email.fill(own);
  await expect(page.getByLabel(/^Ripeti email/)).toHaveCount(0);
  await page.getByRole("button", { name: "Avanti" }).click();
  await fillAmount(page, "22,21");
  await expect(page.getByRole("main").getByText(GIULIA, { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByText("Giulia", { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test("comune-a: an anonymous visitor generates a MYPAY notice and opens the PDF", async ({ page }) => {
  await page.goto(tenantUrl("comune-a", "/servizi/mypay/pagamento-spontaneo"));
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento spontaneo" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Genera avviso di pagamento" }).click();
  await acceptPrivacy(page);
  await expectAccessible(page);
  await screenshotForReview(page, "comune-a-mypay-type-1280");
  await chooseType(page, { index: 1 }, "Pratica 42");
  await fillPayer(page);
  await fillAmount(page, "16");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Genera avviso di pagamento" }).click();
  await expect(page).toHaveURL(tenantUrl("comune-a", "/avviso-pagamento/esito"));
  await expectAccessible(page);
  await expectNoticeDownload(page);
});

// axe needs JavaScript in the page: the same pages are checked by the journeys above.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("comune-a: the whole online PPAY flow", async ({ page }) => {
    await page.goto(tenantUrl("comune-a", "/servizi/ppay/pagamento-spontaneo"));
    await page.getByRole("link", { name: "Paga online tramite pagoPA" }).click();
    await acceptPrivacy(page);
    await page.getByLabel("Cerca una tipologia di pagamento").fill("segreteria");
    await page.getByRole("button", { name: "Cerca" }).click();
    await expect(typeSelect(page).locator("option")).toHaveCount(2);
    await chooseType(page, "Diritti di segreteria", "Pratica 99");
    // Without JS both the natural and the legal person's fields are there.
    await expect(page.getByLabel("Ragione sociale")).toBeVisible();
    await screenshotForReview(page, "comune-a-payer-nojs-1280");
    await fillPayer(page);
    await fillAmount(page, "3.5");
    await expect(page.getByText("€ 3,50")).toBeVisible();
    await expect(page.getByText("Pratica 99")).toBeVisible();
    // "Modifica" goes back to a step, which comes back to the summary.
    await page.getByRole("link", { name: "Modifica Importo dovuto" }).click();
    await fillAmount(page, "4");
    await expect(page.getByText("€ 4,00")).toBeVisible();
    await page.getByRole("button", { name: "Paga con pagoPA" }).click();
    await expect(page.getByText("Simulazione pagoPA")).toBeVisible();
    await page.getByRole("button", { name: "Paga", exact: true }).click();
    await expect(page).toHaveURL(/\/servizi\/pagamento-esito\?iuv=9\d{16}&codEsito=000/);
    await expect(page.getByRole("heading", { level: 1, name: "Esito del pagamento" })).toBeVisible();
  });
});

for (const tenant of ["comune-a", "comune-b"] as const) {
  test(`${tenant}: the notice outcome opened later says it is no longer available`, async ({ page }) => {
    await page.goto(tenantUrl(tenant, "/avviso-pagamento/esito"));
    await expect(page.getByRole("heading", { level: 1, name: "Esito avviso di pagamento" })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: "Avviso di pagamento non più disponibile" }),
    ).toBeVisible();
    await expect(page.getByText("Pagina non trovata")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Vai ai servizi" })).toHaveAttribute("href", "/servizi");
    await expectAccessible(page);
  });
}
