import type { Page } from "@playwright/test";
import {
  test,
  expect,
  tenantUrl,
  expectAccessible,
  loginAs,
  resetCitizen,
  screenshotForReview,
  CITIZENS,
} from "./fixtures.ts";
import { addDelegations, DELEGABLE_SERVICE, inDays } from "./deleghe-support.ts";

// Delegations (DELEGHE, issue #28) on comune-a, where the asset is on: Mario Rossi delegates Luca Verdi online, Luca
// accepts it in "Persone che mi hanno delegato", Mario withdraws it. Seeds: sandbox/deleghe/state.ts.

const MARIO = CITIZENS["Mario Rossi"];
const LUCA = CITIZENS["Luca Verdi"];
const DELEGHE = "/area-personale/deleghe";

async function login(page: Page, who: "Mario Rossi" | "Luca Verdi", path: string) {
  await page.goto(tenantUrl("comune-a", `/api/utenti/login?redirector=${encodeURIComponent(path)}`));
  await loginAs(page, who);
  await expect(page.locator("header details.it-user-wrapper > summary")).toContainText(who);
}

const card = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

test("comune-a: A delegates B online, B accepts, A withdraws", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await resetCitizen(MARIO);
  await resetCitizen(LUCA);
  await login(page, "Mario Rossi", "/area-personale");
  await page
    .getByRole("navigation", { name: "Sezioni dell'area personale" })
    .getByRole("link", { name: "Deleghe" })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Persone che ho delegato" })).toBeVisible();
  await expectAccessible(page);
  await screenshotForReview(page, "deleghe28-delegati-1280");
  await page.getByRole("link", { name: "Nuova delega" }).click();
  await page.getByRole("link", { name: "Delega online" }).click();
  await page.getByLabel(/Codice fiscale del delegato/).fill(MARIO);
  await page.getByLabel(/Nome del delegato/).fill("Luca");
  await page.getByLabel(/Cognome del delegato/).fill("Verdi");
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText("Non puoi delegare te stesso").first()).toBeVisible();
  await page.getByLabel(/Codice fiscale del delegato/).fill(LUCA);
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByRole("group", { name: /Servizi da delegare/ })).toBeVisible();
  await expectAccessible(page);
  await page.locator('label[for="servizio-104"]').click(); // bootstrap-italia draws the box on the label
  const end = inDays(60);
  await page.getByLabel(/Data di scadenza della delega/).fill(end);
  await page.locator('label[for="accetto"]').click();
  await expect(page.getByLabel(/Ho letto e accetto/)).toBeChecked();
  await screenshotForReview(page, "deleghe28-online-servizi-1280");
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText(`Luca Verdi (${LUCA})`)).toBeVisible();
  await page.getByRole("button", { name: "Invia la delega" }).click();
  await expect(page.getByRole("heading", { name: "Delega inviata", level: 2 })).toBeVisible();
  await expectAccessible(page);
  // The end of the service: its rating (Modello Comuni C.SE.1.7), which comes back to this page with its thanks.
  const feedback = page.locator('[data-element="feedback"]');
  await expect(
    feedback.getByRole("heading", { name: "Quanto è stato facile usare questo servizio?" }),
  ).toBeVisible();
  await feedback.locator('[data-element="feedback-rate-5"]').click();
  await feedback
    .locator('[data-element="feedback-rating-positive"]')
    .getByText("Le indicazioni erano chiare")
    .click();
  await feedback.getByRole("button", { name: "Invia" }).click();
  await expect(
    feedback.getByText("Grazie, il tuo parere ci aiuterà a migliorare il servizio!"),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Delega inviata", level: 2 })).toBeVisible();

  const other = await browser.newContext();
  const luca = await other.newPage();
  await login(luca, "Luca Verdi", `${DELEGHE}/deleganti`);
  await luca.getByRole("button", { name: "Accetta la delega di Mario Rossi" }).click();
  await expect(luca.getByRole("status").filter({ hasText: "La delega è stata accettata." })).toBeVisible();
  await expect(card(luca, "Mario Rossi").getByText("Approvata")).toBeVisible();
  await expectAccessible(luca);
  await other.close();

  await page.goto(tenantUrl("comune-a", `${DELEGHE}/delegati`));
  const mine = card(page, "Luca Verdi").filter({ hasText: "Approvata" });
  // Withdrawing asks first, as every irreversible action (issue #40); "No" changes nothing.
  await mine.getByRole("button", { name: "Ritira la delega a Luca Verdi" }).click();
  const dialog = page.getByRole("dialog", { name: "Ritirare la delega?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Ritiri la delega a Luca Verdi");
  await expectAccessible(page);
  await screenshotForReview(page, "deleghe28-ritira-conferma-1280");
  await dialog.getByRole("button", { name: "No, torna alle deleghe" }).click();
  await expect(dialog).toBeHidden();
  await expect(mine).toHaveCount(1);
  await mine.getByRole("button", { name: "Ritira la delega a Luca Verdi" }).click();
  await dialog.getByRole("button", { name: "Sì, ritira la delega" }).click();
  // The confirmation takes the focus, so it is in view wherever the card was.
  const done = page.getByRole("status").filter({ hasText: "La delega è stata ritirata." });
  await expect(done).toBeFocused();
  await expect(done).toBeInViewport();
  await expect(card(page, "Luca Verdi").filter({ hasText: "Approvata" })).toHaveCount(0);
});

for (const tenant of ["comune-a", "comune-b"] as const) {
  test(`${tenant}: 'Azzera i filtri' empties the fields too; a page of the list takes the focus (issue #40)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await resetCitizen(MARIO);
    // Something in the list (Montealto's seed gives Mario none): over an empty list there is no filter to reset.
    await addDelegations(tenant, MARIO, DELEGABLE_SERVICE[tenant], 1);
    await page.goto(
      tenantUrl(tenant, `/api/utenti/login?redirector=${encodeURIComponent(`${DELEGHE}/delegati`)}`),
    );
    await loginAs(page, "Mario Rossi");
    await expect(page.getByRole("heading", { level: 2, name: "Persone che ho delegato" })).toBeVisible();
    const stato = page.getByLabel("Stato");
    await stato.selectOption("RITIRATA");
    await page.getByRole("button", { name: "Filtra" }).click();
    await expect(page).toHaveURL(/stato=RITIRATA/);
    await page.getByRole("link", { name: "Azzera i filtri" }).click();
    await expect(page).not.toHaveURL(/stato=/);
    await expect(stato).toHaveValue("");
    // The next "Filtra" applies what the fields show: nothing.
    await page.getByRole("button", { name: "Filtra" }).click();
    await expect(page).toHaveURL(/[?&]stato=(&|$)/);
    await expect(page.getByRole("status").filter({ hasText: /^(Pagina|Non ci sono deleghe)/ })).toBeFocused();
    // Entering a flow from a link: the new page's heading takes the focus, not <body> (issue #40).
    await page.getByRole("link", { name: "Nuova delega" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Nuova delega" })).toBeFocused();
    await page.getByRole("link", { name: "Delega online" }).click();
    await expect(page.getByRole("heading", { name: "Delega online" }).first()).toBeFocused();
  });
}

test("comune-a: the lists' filters work without JavaScript, at 390 px", async ({ browser }) => {
  test.setTimeout(120_000);
  await resetCitizen(MARIO);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await login(page, "Mario Rossi", `${DELEGHE}/delegati`);
  await expect(page.getByRole("article")).toHaveCount(3);
  await page.getByLabel("Stato").selectOption("RITIRATA");
  await page.getByRole("button", { name: "Filtra" }).click();
  await expect(page).toHaveURL(/stato=RITIRATA/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("Luca Verdi");
  await screenshotForReview(page, "deleghe28-delegati-filtered-390");
  await page.getByRole("link", { name: "Persone che mi hanno delegato" }).click();
  await page.getByLabel("Servizio").selectOption({ label: "Pagamento TARI" });
  await page.getByRole("button", { name: "Filtra" }).click();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText("Anna Esposito");
  await screenshotForReview(page, "deleghe28-deleganti-390");
  // Without JavaScript the withdrawal's confirmation is the same dialog, reached by a link (issue #40).
  await page.goto(tenantUrl("comune-a", `${DELEGHE}/delegati`));
  await card(page, "Giulia Bianchi").getByRole("link", { name: "Ritira la delega a Giulia Bianchi" }).click();
  const dialog = page.getByRole("dialog", { name: "Ritirare la delega?" });
  await expect(dialog).toBeVisible();
  await screenshotForReview(page, "deleghe28-ritira-conferma-nojs-390");
  await dialog.getByRole("button", { name: "Sì, ritira la delega" }).click();
  await expect(page.getByRole("status").filter({ hasText: "La delega è stata ritirata." })).toBeVisible();
  await context.close();
});
