import {
  expect,
  expectAccessible,
  loginAs,
  resetCitizen,
  screenshotForReview,
  tenantUrl,
  test,
} from "./fixtures.ts";
import {
  acceptPrivacy,
  confirmWizard,
  enterCode,
  GIULIA,
  PROFILE,
  readCode,
  setBox,
  startWizard,
} from "./profile-support.ts";

// Luca Verdi has no profile (the wizard citizen); Giulia Bianchi has a complete one. Each test resets its citizen.
test("comune-a: Luca composes his profile with e-mail and mobile, verified by codes from the mailbox", async ({
  page,
}) => {
  // A long journey: two codes read from the mailbox, every step checked with axe.
  test.setTimeout(120_000);
  const email = "luca.profilo.a@example.it";
  await startWizard(page, "comune-a");
  await expectAccessible(page);
  await screenshotForReview(page, "wizard-1-privacy-1280");
  await acceptPrivacy(page);
  await expect(page.getByRole("heading", { level: 2, name: "Contatti" })).toBeFocused();
  // No code is sent yet: the step says one will be, not what it looks like.
  await expect(page.getByText("Il codice è composto da 5 cifre.")).toHaveCount(0);
  await expect(page.getByText("Per verificarlo ti invieremo un codice di 5 cifre.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.getByLabel("Ripeti Email").fill("altro@example.it");
  await page.getByLabel(/Numero di telefono mobile/).fill("33312");
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText("Gli indirizzi e-mail non coincidono").first()).toBeVisible();
  await expect(page.getByLabel("Ripeti Email")).toHaveValue("altro@example.it");
  await page.getByLabel("Ripeti Email").fill(email);
  await page.getByLabel(/Numero di telefono mobile/).fill("3331234567");
  await page.getByRole("button", { name: "Avanti" }).click();

  await expect(page.getByText(`Abbiamo inviato il codice di verifica all'indirizzo ${email}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Contatti" })).toBeFocused();
  // One clock: the time the code is valid until, no running countdown beside it.
  await expect(page.getByText(/Il codice è valido fino alle \d\d:\d\d/)).toBeVisible();
  await expect(page.getByText(/^\d\d:\d\d$/)).toHaveCount(0);
  await expectAccessible(page);
  await screenshotForReview(page, "wizard-2-otp-1280");
  await page.getByLabel("Codice di verifica").fill("12");
  await page.getByRole("button", { name: "Verifica" }).click();
  await expect(page.getByText("Deve avere esattamente 5 cifre").first()).toBeVisible();
  await enterCode(page, email);

  await expect(
    page.getByText("Abbiamo inviato il codice di verifica al numero +39 3331234567"),
  ).toBeVisible();
  await expect(page.getByText("Hai a disposizione 2 tentativi")).toBeVisible();
  await enterCode(page, "00393331234567");

  await expect(page.getByRole("heading", { level: 2, name: "Preferenze" })).toBeFocused();
  await expectAccessible(page);
  await screenshotForReview(page, "wizard-3-preferences-1280");
  await setBox(page, "Email per Anagrafe e stato civile", true);
  await setBox(page, "Sms per Pagamento contravvenzioni", true);
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Riepilogo" })).toBeFocused();

  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("+39 3331234567")).toBeVisible();
  await expect(page.getByText("Anagrafe e stato civile: Email")).toBeVisible();
  // Back and forward keep the data.
  await page.getByRole("link", { name: "Modifica Preferenze" }).click();
  await expect(page.getByRole("checkbox", { name: "Email per Anagrafe e stato civile" })).toBeChecked();
  await page.getByRole("button", { name: "Avanti" }).click();
  await screenshotForReview(page, "wizard-4-summary-1280");
  await confirmWizard(page, "comune-a");
  await screenshotForReview(page, "wizard-5-success-1280");

  await page.getByRole("link", { name: "Vai all'area personale" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Luca Verdi" })).toBeVisible();
  await expect(page.getByText("Completa il tuo profilo")).toHaveCount(0);

  await page.goto(tenantUrl("comune-a", PROFILE));
  const contacts = page.getByRole("region", { name: "Contatti" });
  await expect(contacts).toContainText(email);
  await expect(contacts).toContainText("+39 3331234567");
  await expect(page.getByRole("checkbox", { name: "Email per Anagrafe e stato civile" })).toBeChecked();
  await expectAccessible(page);
  await screenshotForReview(page, "profile-1280");
});

test("comune-b: Luca composes his profile with e-mail only; a wrong code is refused", async ({ page }) => {
  const email = "luca.profilo.b@example.it";
  await startWizard(page, "comune-b");
  await acceptPrivacy(page);
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.getByLabel("Ripeti Email").fill(email);
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText(`Abbiamo inviato il codice di verifica all'indirizzo ${email}`)).toBeVisible();
  const code = await readCode(email);
  await page.getByLabel("Codice di verifica").fill(code === "00000" ? "11111" : "00000");
  await page.getByRole("button", { name: "Verifica" }).click();
  await expect(page.getByText("Codice errato").first()).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByText("Tentativi rimasti: 4.").first()).toBeVisible();
  // A new code only 30 s after the last one: the wait is said, and the code received still works.
  await page.getByRole("button", { name: "Invia un nuovo codice" }).click();
  await expect(page.getByText(/Puoi chiedere un nuovo codice tra \d+ secondi\./)).toBeVisible();
  await page.getByLabel("Codice di verifica").fill(code);
  await page.getByRole("button", { name: "Verifica" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Preferenze" })).toBeVisible();
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText("Nessun numero di telefono")).toBeVisible();
  await confirmWizard(page, "comune-b");
  await page.goto(tenantUrl("comune-b", "/area-personale"));
  await expect(page.getByText("Completa il tuo profilo")).toHaveCount(0);
});

test("comune-a: Giulia changes her preferences and the receipt archiving", async ({ page }) => {
  await resetCitizen(GIULIA);
  await page.goto(tenantUrl("comune-a", PROFILE));
  await loginAs(page, "Giulia Bianchi");
  await expect(page.getByRole("heading", { level: 1, name: "Profilo utente" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Contatti" })).toContainText("+39 3471112233");
  await expect(page.getByRole("navigation", { name: "Indice della pagina" })).toBeVisible();
  await expectAccessible(page);

  const sms = page.getByRole("checkbox", { name: "Sms per Anagrafe e stato civile" });
  await expect(sms).toBeChecked();
  await setBox(page, "Sms per Anagrafe e stato civile", false);
  await setBox(page, "Push per Iscrizione alla mensa scolastica", true);
  await page.getByRole("button", { name: "Salva preferenze" }).click();
  // Said where it was saved, in sight and focused: the page stays, only its address changes.
  const saved = page
    .getByRole("region", { name: "Preferenze" })
    .getByText("Preferenze modificate con successo.");
  await expect(saved).toBeFocused();
  await expect(saved).toBeInViewport();
  await expect(sms).not.toBeChecked();
  await expect(
    page.getByRole("checkbox", { name: "Push per Iscrizione alla mensa scolastica" }),
  ).toBeChecked();

  const receipts = page.getByRole("checkbox", { name: "Salva le ricevute nell'archivio documenti" });
  await expect(receipts).not.toBeChecked();
  await page.getByText("Salva le ricevute nell'archivio documenti").click();
  await page.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(page.getByText("Impostazione dei pagamenti salvata.")).toBeFocused();
  await expect(page.getByText("Preferenze modificate con successo.")).toHaveCount(0);
  await expect(receipts).toBeChecked();
  await expectAccessible(page);
});

test("at 320 px the preferences keep every service's name in whole words, the page does not scroll sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto(tenantUrl("comune-a", PROFILE));
  await loginAs(page, "Giulia Bianchi");
  const names = page.locator("table.preferences-table th[scope=row]");
  await expect(names.first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  // A word laid out on two lines has two boxes: each word of each name must have one.
  const broken = await names.evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text =
        cell.firstChild?.nodeType === Node.TEXT_NODE
          ? cell.firstChild
          : cell.querySelector("span")?.firstChild;
      if (!text?.textContent) return [];
      const words: string[] = [];
      for (const match of text.textContent.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (range.getClientRects().length > 1) words.push(match[0]);
      }
      return words;
    }),
  );
  expect(broken).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);
});

test("comune-b: Giulia changes her e-mail with a code, then deletes her contacts", async ({ page }) => {
  const email = "giulia.nuova@example.it";
  await resetCitizen(GIULIA);
  await page.goto(tenantUrl("comune-b", PROFILE));
  await loginAs(page, "Giulia Bianchi");
  await page.getByRole("link", { name: "Modifica email" }).click();
  await expect(page.getByRole("heading", { name: "Inserisci indirizzo email" })).toBeVisible();
  await page.getByRole("textbox", { name: /^Email/ }).fill("non-valida");
  await page.getByLabel("Ripeti Email").fill("non-valida");
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText("Inserisci un indirizzo e-mail valido").first()).toBeVisible();
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.getByLabel("Ripeti Email").fill(email);
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText(`Abbiamo inviato il codice di verifica all'indirizzo ${email}`)).toBeVisible();
  await expectAccessible(page);
  await enterCode(page, email);
  await expect(page.getByText("Contatti modificati con successo.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Contatti" })).toContainText(email);

  await page.getByRole("link", { name: "Elimina contatti" }).click();
  await expect(page.getByText(/Stai per eliminare i tuoi contatti/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Conferma eliminazione" }).click();
  await expect(page.getByText("Contatti eliminati con successo")).toBeVisible();
  await expect(page.getByText(/Non hai ancora creato il tuo profilo personale/)).toBeVisible();
  await resetCitizen(GIULIA);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("comune-a: Luca composes his profile", async ({ page }) => {
    const email = "luca.nojs@example.it";
    await startWizard(page, "comune-a", false);
    await acceptPrivacy(page);
    await page.getByRole("textbox", { name: /^Email/ }).fill(email);
    await page.getByLabel("Ripeti Email").fill(email);
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect(page.getByText(/Il codice è valido fino alle \d\d:\d\d/)).toBeVisible();
    await enterCode(page, email);
    await expect(page.getByRole("heading", { level: 2, name: "Preferenze" })).toBeVisible();
    await setBox(page, "Email per Anagrafe e stato civile", true);
    await page.getByRole("button", { name: "Avanti" }).click();
    await confirmWizard(page, "comune-a", false);
    await page.goto(tenantUrl("comune-a", PROFILE));
    await expect(page.getByRole("region", { name: "Contatti" })).toContainText(email);
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("comune-a: the wizard's stepper shows the current step and its count", async ({ page }) => {
    const email = "luca.mobile@example.it";
    await startWizard(page, "comune-a");
    await expect(page.getByText("1/4")).toBeVisible();
    await screenshotForReview(page, "wizard-1-privacy-390");
    await acceptPrivacy(page);
    await expect(page.getByText("2/4")).toBeVisible();
    await page.getByRole("textbox", { name: /^Email/ }).fill(email);
    await page.getByLabel("Ripeti Email").fill(email);
    await page.getByRole("button", { name: "Avanti" }).click();
    await enterCode(page, email);
    await expect(page.getByText("3/4")).toBeVisible();
    await expectAccessible(page);
    await screenshotForReview(page, "wizard-3-preferences-390");
    await page.getByRole("button", { name: "Avanti" }).click();
    await confirmWizard(page, "comune-a");
    await page.goto(tenantUrl("comune-a", PROFILE));
    await expectAccessible(page);
    await screenshotForReview(page, "profile-390");
  });
});
