import {
  expect,
  expectAccessible,
  loginAs,
  resetCitizen,
  screenshotForReview,
  settled,
  tenantUrl,
  test,
  type TenantId,
  CITIZENS,
} from "./fixtures.ts";
import {
  fillRequest,
  FORM,
  PDF,
  PNG,
  readCode,
  REQUESTER,
  sendButton,
  tick,
  unique,
} from "./assistance-support.ts";

// The assistance request (issue #11): anonymous with an e-mail code, logged in with drafts, attachments checked by
// content, without JavaScript, by keyboard. Giulia (comune-a) and Mario (comune-b) are reset by the tests using them.
const GIULIA = CITIZENS["Giulia Bianchi"];
const MARIO = CITIZENS["Mario Rossi"];

for (const tenant of ["comune-a", "comune-b"] as const satisfies TenantId[]) {
  test(`${tenant}: an anonymous request confirmed with the code from the mailbox`, async ({ page }) => {
    const email = unique(`anonimo-${tenant}`);
    await page.goto(tenantUrl(tenant, FORM));
    await expect(page.getByRole("heading", { level: 1, name: "Richiesta assistenza" })).toBeVisible();
    await expect(page.getByText("I campi contraddistinti dal simbolo (*) sono obbligatori")).toBeVisible();
    await expect(page.getByRole("link", { name: "Accedi" }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Salva richiesta" })).toHaveCount(0);
    await expectAccessible(page);
    await sendButton(page).click();
    await expect(page.getByRole("heading", { name: "Correggi i seguenti errori" })).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Privacy: Dichiara di aver letto l'informativa" }),
    ).toBeVisible();
    await expectAccessible(page);
    await fillRequest(page, { anonymous: true, email });
    await page
      .getByLabel(/^Allegato/)
      .setInputFiles({ name: "avviso.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByText("Leggi l'informativa sulla privacy").click();
    await expect(page.getByText(/Informativa sul trattamento dei dati personali/)).toBeVisible();
    await tick(page, "Ho letto e compreso l'informativa sulla privacy");
    if (tenant === "comune-a") await screenshotForReview(page, "form-anonymous-1280");
    await sendButton(page).click();

    await expect(page.getByRole("heading", { level: 1, name: "Verifica email" })).toBeVisible();
    await expect(
      page.getByText(`ti verrà inviato un codice di verifica all'indirizzo ${email}`),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Invia il codice" }).click();
    await expect(page.getByLabel(/^Codice di verifica/)).toBeVisible();
    const code = await readCode(email);
    await expect(page.locator("body")).not.toContainText(code);
    await page.getByLabel(/^Codice di verifica/).fill(code === "00000" ? "11111" : "00000");
    await page.getByRole("button", { name: "Conferma e invia la richiesta" }).click();
    await expect(page.getByText("Il codice non è corretto o è scaduto").first()).toBeVisible();
    await expectAccessible(page);
    if (tenant === "comune-a") await screenshotForReview(page, "verify-1280");
    await page.getByLabel(/^Codice di verifica/).fill(code);
    await page.getByRole("button", { name: "Conferma e invia la richiesta" }).click();

    await expect(page).toHaveURL(tenantUrl(tenant, "/feedback?feedbackType=ticketNoAuth"));
    await expect(page.getByRole("heading", { level: 1, name: "Richiesta inviata" })).toBeVisible();
    await expect(page.getByText(`Abbiamo inviato il riepilogo all'indirizzo e-mail ${email}`)).toBeVisible();
    await expectAccessible(page);
    if (tenant === "comune-a") await screenshotForReview(page, "feedback-1280");
  });
}

for (const [tenant, cf, who] of [
  ["comune-a", GIULIA, "Giulia Bianchi"],
  ["comune-b", MARIO, "Mario Rossi"],
] as const) {
  test(`${tenant}: ${who} saves a draft, resumes it from the personal area and sends it`, async ({
    page,
  }) => {
    await resetCitizen(cf);
    await page.goto(tenantUrl(tenant, `${FORM}?servizio=2`));
    await page.getByRole("link", { name: "Accedi" }).first().click();
    await loginAs(page, who);
    await expect(page).toHaveURL(tenantUrl(tenant, `${FORM}?servizio=2`));
    const [firstName] = who.split(" ");
    await expect(page.getByLabel(/^Nome/)).toHaveValue(firstName!);
    await expect(page.getByLabel(/^Nome/)).toHaveAttribute("readonly", "");
    await expect(page.getByLabel(/^Codice fiscale/)).toHaveValue(cf);
    await expect(page.getByLabel(/^Servizio/)).toHaveValue("2");
    await expectAccessible(page);
    await page.getByLabel(/^Tipologia problematica/).selectOption({ label: "TARI - tassa rifiuti" });
    await page.getByLabel(/^Dettagli/).fill("Bozza: devo ancora controllare gli avvisi.");
    await page
      .getByLabel(/^Allegato/)
      .setInputFiles({ name: "avviso.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Salva richiesta" }).click();
    await expect(page).toHaveURL(tenantUrl(tenant, "/feedback?feedbackType=partialTicket"));
    await expect(page.getByRole("heading", { level: 1, name: "Bozza salvata" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Area riservata" }).click();

    const drafts = page.getByRole("region", { name: "Bozze di richiesta" });
    await expect(drafts.getByRole("heading", { name: "Tributi" })).toBeVisible();
    await expectAccessible(page);
    if (tenant === "comune-a") await screenshotForReview(page, "drafts-1280");
    await drafts.getByRole("link", { name: /Riprendi la bozza Tributi/ }).click();
    await expect(page.getByText("Stai riprendendo una bozza salvata.")).toBeVisible();
    await expect(page.getByLabel(/^Dettagli/)).toHaveValue("Bozza: devo ancora controllare gli avvisi.");
    await expect(page.getByLabel(/^Tipologia problematica/)).toHaveValue("201");
    await expect(page.getByText("File allegato: avviso.png")).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(/^Dettagli/).fill("Ho ricevuto due avvisi TARI per lo stesso anno.");
    await tick(page, "Ho letto e compreso l'informativa sulla privacy");
    await sendButton(page).click();
    await expect(page).toHaveURL(tenantUrl(tenant, "/feedback?feedbackType=ticket"));
    await expect(page.getByRole("heading", { level: 1, name: "Richiesta inviata" })).toBeVisible();
    await page.getByRole("link", { name: "Area riservata" }).click();
    await expect(page.getByText("Non ci sono bozze di richiesta")).toBeVisible();
  });
}

test("comune-a: a file lying about its type and a 3 MB file are refused with clear messages", async ({
  page,
}) => {
  await page.goto(tenantUrl("comune-a", FORM));
  await fillRequest(page, { anonymous: true, email: unique("file") });
  await tick(page, "Ho letto e compreso l'informativa sulla privacy");
  const big = Buffer.alloc(3 * 1024 * 1024, 0x20);
  PDF.copy(big);
  await page
    .getByLabel(/^Allegato/)
    .setInputFiles({ name: "grande.pdf", mimeType: "application/pdf", buffer: big });
  await expect(page.getByText("Il file grande.pdf supera la dimensione massima di 2 MB")).toBeVisible();
  await page
    .getByLabel(/^Allegato/)
    .setInputFiles({ name: "documento.pdf", mimeType: "application/pdf", buffer: PNG });
  await sendButton(page).click();
  await expect(
    page.getByRole("link", { name: /Allegato: Il file documento\.pdf non è del tipo dichiarato/ }),
  ).toBeVisible();
  await expect(page.getByLabel(/^Dettagli/)).toHaveValue("Non trovo l'importo IMU da pagare per il 2026.");
  await expect(page.getByLabel(/^Tipologia problematica/)).toHaveValue("202");
  await expectAccessible(page);
  await screenshotForReview(page, "attachment-error-1280");
});

test("comune-b: the form by keyboard only", async ({ page }) => {
  const email = unique("tastiera");
  await page.goto(tenantUrl("comune-b", FORM));
  // The scripted form (the sub-services loaded as the service changes): a service chosen before hydration loads none
  // until it is chosen again (CI, on a busy machine).
  await settled(page);
  await page.getByLabel(/^Nome/).focus();
  await page.keyboard.type(REQUESTER.nome);
  await page.keyboard.press("Tab");
  await page.keyboard.type(REQUESTER.cognome);
  await page.keyboard.press("Tab");
  await page.keyboard.type(REQUESTER.codiceFiscale);
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type("3331234567");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(/^Servizio/)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel(/^Servizio/)).not.toHaveValue("");
  await expect(page.getByLabel(/^Tipologia problematica/)).toBeEnabled();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(/^Tipologia problematica/)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(/^Dettagli/)).toBeFocused();
  await page.keyboard.type("Scritto solo con la tastiera.");
  await page.getByLabel("Ho letto e compreso l'informativa sulla privacy").focus();
  await page.keyboard.press("Space");
  await expect(page.getByLabel("Ho letto e compreso l'informativa sulla privacy")).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(sendButton(page)).toBeFocused();
  await page.keyboard.press("Enter");
  // Each step moves the focus to its heading: the next Tab goes on from there.
  await expect(page.getByRole("heading", { level: 1, name: "Verifica email" })).toBeFocused();
  await page.getByRole("button", { name: "Invia il codice" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel(/^Codice di verifica/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Verifica email" })).toBeFocused();
  await page.getByLabel(/^Codice di verifica/).focus();
  await page.keyboard.type(await readCode(email));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Richiesta inviata" })).toBeVisible();
});

test("comune-a: a service chosen before the page is hydrated still brings its sub-services", async ({
  page,
}) => {
  // A slow phone: the scripts arrive after the citizen has chosen the service.
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(tenantUrl("comune-a", FORM), { waitUntil: "commit" });
  await page.getByLabel(/^Servizio/).selectOption({ label: "Tributi" });
  await expect(page.getByRole("button", { name: "Aggiorna tipologie" })).toBeVisible();
  release();
  await settled(page);
  await expect(page.getByRole("button", { name: "Aggiorna tipologie" })).toHaveCount(0);
  await expect(page.getByLabel(/^Servizio/).locator("option:checked")).toHaveText("Tributi");
  const subService = page.getByLabel(/^Tipologia problematica/);
  await expect(subService.getByRole("option", { name: "IMU" })).toBeAttached();
  await expect(subService).toBeEnabled();
  await subService.selectOption({ label: "IMU" });
  await expect(subService.locator("option:checked")).toHaveText("IMU");
});

test("comune-a: a service chosen while the first one's list is on its way gets its own list", async ({
  page,
}) => {
  // Two arrow presses on the services: the first service's list is asked for while React Router still discovers the
  // list's route (held here until the second choice is made), and its answer is held until the second one's has
  // arrived. The first answer lands last; the field must show the second service's list (issue #39: it stayed
  // disabled, waiting, when this happened on a busy machine).
  let chosenTwice = () => {};
  const secondChoice = new Promise<void>((resolve) => (chosenTwice = resolve));
  const secondAnswer = page.waitForResponse(/\/nuova-richiesta\/tipologie\.data\?servizio=2&/);
  const firstAnswer = page.waitForResponse(/\/nuova-richiesta\/tipologie\.data\?servizio=1&/);
  await page.route(/\/__manifest\?.*tipologie/, async (route) => {
    await secondChoice;
    await route.continue();
  });
  await page.route(/\/nuova-richiesta\/tipologie\.data\?servizio=1&/, async (route) => {
    await secondAnswer;
    await route.continue();
  });
  await page.goto(tenantUrl("comune-a", FORM));
  await settled(page);
  const service = page.getByLabel(/^Servizio/);
  await service.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(service.locator("option:checked")).toHaveText("Tributi");
  chosenTwice();
  const subService = page.getByLabel(/^Tipologia problematica/);
  await expect(subService.getByRole("option", { name: "IMU" })).toBeAttached();
  await expect(subService).toBeEnabled();
  // The first service's list, answered last, does not replace it.
  await firstAnswer;
  await settled(page);
  await expect(subService.getByRole("option", { name: "IMU" })).toBeAttached();
  await expect(subService).toBeEnabled();
});

test("comune-a: the form at 320 px, then a long e-mail address on the code's step, within the screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto(tenantUrl("comune-a", `${FORM}?servizio=1`));
  await expect(page.getByRole("heading", { level: 1, name: "Richiesta assistenza" })).toBeVisible();
  await expect(sendButton(page)).toBeVisible();
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(320);
  await expectAccessible(page);
  await screenshotForReview(page, "form-320");
  // A PEC address is one long word: it breaks at the screen's edge instead of widening the page.
  const email = `${unique("ufficio.tecnico").replace("@example.it", "")}@pec.ordineavvocatitorino.it`;
  await fillRequest(page, { anonymous: true, email });
  await tick(page, "Ho letto e compreso l'informativa sulla privacy");
  await sendButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verifica email" })).toBeVisible();
  await expect(page.getByText(email, { exact: false })).toBeVisible();
  expect(await width()).toBeLessThanOrEqual(320);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("comune-b: the dependent list through 'Aggiorna tipologie', then the e-mail code", async ({
    page,
  }) => {
    const email = unique("nojs");
    await page.goto(tenantUrl("comune-b", FORM));
    await page.getByLabel(/^Dettagli/).fill("Scritto prima di scegliere il servizio.");
    // Enter in a field sends the request (its errors listed), not the list's "Aggiorna tipologie" that comes first.
    await page.getByRole("textbox", { name: /^Nome/ }).fill("Paola");
    await page.getByRole("textbox", { name: /^Nome/ }).press("Enter");
    await expect(page.getByRole("region", { name: "Correggi i seguenti errori" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Nome/ })).toHaveValue("Paola");
    await fillRequest(page, { anonymous: true, email, js: false });
    await expect(page.getByLabel(/^Email/)).toHaveValue(email);
    await tick(page, "Ho letto e compreso l'informativa sulla privacy");
    await screenshotForReview(page, "form-nojs-1280");
    await sendButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Verifica email" })).toBeVisible();
    await page.getByRole("button", { name: "Invia il codice" }).click();
    const code = await readCode(email);
    await page.getByLabel(/^Codice di verifica/).fill(code);
    await page.getByRole("button", { name: "Conferma e invia la richiesta" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Richiesta inviata" })).toBeVisible();
    await expect(page.getByText(`Abbiamo inviato il riepilogo all'indirizzo e-mail ${email}`)).toBeVisible();
  });
});
