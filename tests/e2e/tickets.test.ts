import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { writePdf } from "#sandbox/pdf.ts";
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

// The citizen's assistance tickets (sandbox/crm): Anna has, on comune-a and comune-b, a new ticket ("Portale del
// cittadino"), an open one with an operator's answer ("Tributi") and a closed one. The sandbox control
// `POST /__sandbox/crm/tickets/:id/reply` plays the operator.

const ANNA = CITIZENS["Anna Esposito"];
const ACTIVITIES = "/area-personale/attivita";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = writePdf("Istruzioni", ["Istruzioni dell'ufficio per le notifiche via SMS."]);

const ticketsRegion = (page: Page) => page.getByRole("region", { name: "Richieste di assistenza" });

/** The ticket id behind a card's "Vedi dettaglio" link. */
async function ticketIdOf(page: Page, title: string): Promise<number> {
  const card = ticketsRegion(page)
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title }) });
  const link = card.getByRole("link", { name: /^Vedi dettaglio/ });
  const target = await link.getAttribute("href");
  const id = /\/richieste\/(\d+)$/.exec(target ?? "")?.[1];
  if (!id) throw new Error(`no ticket link for ${title}: ${target}`);
  return Number(id);
}

async function operatorReplies(tenant: TenantId, id: number, body: string, withPdf = false) {
  const res = await fetch(`${SANDBOX_URL}/__sandbox/crm/tickets/${id}/reply`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      comune: tenant,
      body,
      ...(withPdf
        ? {
            attachments: [
              { filename: "istruzioni.pdf", data: PDF.toString("base64"), "mime-type": "application/pdf" },
            ],
          }
        : {}),
    }),
  });
  expect(res.status).toBe(201);
}

async function openActivities(page: Page, tenant: TenantId) {
  await page.goto(tenantUrl(tenant, ACTIVITIES));
  await loginAs(page, "Anna Esposito");
  await expect(page.getByRole("heading", { level: 3, name: "Richieste di assistenza" })).toBeVisible();
}

for (const tenant of ["comune-a", "comune-b"] as const) {
  test(`${tenant}: the operator answers, Anna reads it, replies with a file, downloads one and closes the ticket`, async ({
    page,
  }) => {
    await resetCitizen(ANNA);
    await openActivities(page, tenant);
    const id = await ticketIdOf(page, "Portale del cittadino");
    await operatorReplies(tenant, id, "<p>Gentile Anna, abbiamo riattivato le notifiche SMS.</p>", true);
    await page.reload();
    const card = ticketsRegion(page)
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: "Portale del cittadino" }) });
    await expect(card).toContainText(`Richiesta n. ${10000 + id}`);
    await expect(card).toContainText("Stato: In lavorazione");
    await expect(ticketsRegion(page).getByRole("heading", { level: 4 })).toHaveText([
      "Portale del cittadino",
      "Tributi",
      "Anagrafe e stato civile",
    ]);
    await expectAccessible(page);
    await screenshotForReview(page, `tickets-activities-${tenant}-1280`);

    // The GET filter: closed ones only.
    await ticketsRegion(page).getByLabel("Stato richiesta").selectOption("chiuse");
    await ticketsRegion(page).getByRole("button", { name: "Filtra" }).click();
    await expect(page).toHaveURL(/stato-richiesta=chiuse/);
    await expect(ticketsRegion(page).getByRole("heading", { level: 4 })).toHaveText([
      "Anagrafe e stato civile",
    ]);
    await ticketsRegion(page).getByLabel("Stato richiesta").selectOption("tutte");
    await ticketsRegion(page).getByRole("button", { name: "Filtra" }).click();

    await ticketsRegion(page)
      .getByRole("link", { name: `Vedi dettaglio della richiesta n. ${10000 + id}` })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: "Portale del cittadino" })).toBeVisible();
    const conversation = page.getByRole("region", { name: "Conversazione" });
    await expect(conversation.getByRole("listitem").filter({ hasText: "Operatore" })).toContainText(
      "abbiamo riattivato le notifiche SMS",
    );
    await expect(page.getByText("Tipologia problematica")).toBeVisible();
    await expectAccessible(page);
    await screenshotForReview(page, `tickets-detail-${tenant}-1280`);

    // The operator's PDF.
    const downloading = page.waitForEvent("download");
    await conversation.getByRole("link", { name: /Scarica istruzioni\.pdf/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("istruzioni.pdf");
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // A file whose content is not what its extension says: refused, the text stays.
    await page.getByLabel(/^Messaggio/).fill("Grazie, allego la schermata.");
    await page
      .getByLabel("Allegato")
      .setInputFiles({ name: "schermata.pdf", mimeType: "application/pdf", buffer: PNG });
    await page.getByRole("button", { name: "Invia risposta" }).click();
    await expect(page.getByText("non è del tipo dichiarato dalla sua estensione").first()).toBeVisible();
    await expect(page.getByLabel(/^Messaggio/)).toHaveValue("Grazie, allego la schermata.");
    await expectAccessible(page);

    await page
      .getByLabel("Allegato")
      .setInputFiles({ name: "schermata.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Invia risposta" }).click();
    await expect(page.getByText("Risposta inviata").first()).toBeVisible();
    const mine = conversation.getByRole("listitem").filter({ hasText: "Grazie, allego la schermata." });
    await expect(mine).toContainText("Tu");
    await expect(mine.getByRole("link", { name: /Scarica schermata\.png/ })).toBeVisible();
    await expectAccessible(page);

    // Close, after the confirmation.
    await page.getByRole("link", { name: "Chiudi la richiesta" }).click();
    await expect(page.getByRole("heading", { name: "Stai per chiudere la richiesta" })).toBeVisible();
    await expectAccessible(page);
    await screenshotForReview(page, `tickets-close-confirm-${tenant}-1280`);
    await page.getByRole("button", { name: "Conferma chiusura" }).click();
    await expect(page.getByText("Richiesta chiusa").first()).toBeVisible();
    await expect(
      page.getByText("La richiesta è chiusa: non è possibile inviare altre risposte."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Invia risposta" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Chiudi la richiesta" })).toHaveCount(0);
    await expectAccessible(page);
  });
}

test("390 px: Attività's requests and a ticket's page", async ({ page }) => {
  await resetCitizen(ANNA);
  await page.setViewportSize({ width: 390, height: 844 });
  await openActivities(page, "comune-b");
  await expect(ticketsRegion(page).getByRole("link", { name: /^Vedi dettaglio/ })).toHaveCount(3);
  await expectAccessible(page);
  await screenshotForReview(page, "tickets-activities-comune-b-390");
  await ticketsRegion(page)
    .getByRole("link", { name: /^Vedi dettaglio/ })
    .nth(1)
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Tributi" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Invia risposta" })).toBeVisible();
  await expectAccessible(page);
  await screenshotForReview(page, "tickets-detail-comune-b-390");
});

test("keyboard only: a ticket's page, the reply and the close confirmation", async ({ page }) => {
  await resetCitizen(ANNA);
  await openActivities(page, "comune-a");
  await ticketsRegion(page)
    .getByRole("link", { name: /^Vedi dettaglio/ })
    .nth(1)
    .focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Tributi" })).toBeVisible();
  await page.getByLabel(/^Messaggio/).focus();
  await page.keyboard.type("Risposta scritta da tastiera");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Allegato")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Invia risposta" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Risposta inviata").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Conversazione" })).toContainText(
    "Risposta scritta da tastiera",
  );
  await page.getByRole("link", { name: "Chiudi la richiesta" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Stai per chiudere la richiesta" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Conferma chiusura" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(
    page.getByText("La richiesta è chiusa: non è possibile inviare altre risposte."),
  ).toBeVisible();
});

// axe needs scripts in the page: the same pages are checked with JavaScript above.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("comune-a: Anna replies with an attachment, then closes the ticket", async ({ page }) => {
    await resetCitizen(ANNA);
    await openActivities(page, "comune-a");
    await ticketsRegion(page)
      .getByRole("link", { name: /^Vedi dettaglio/ })
      .nth(1)
      .click();
    await expect(page.getByRole("heading", { level: 2, name: "Tributi" })).toBeVisible();
    // Empty text: the error, nothing lost.
    await page.getByRole("button", { name: "Invia risposta" }).click();
    await expect(page.getByRole("link", { name: /Messaggio: / })).toBeVisible();
    await page.getByLabel(/^Messaggio/).fill("Risposta senza JavaScript");
    await page
      .getByLabel("Allegato")
      .setInputFiles({ name: "ricevuta.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Invia risposta" }).click();
    await expect(page.getByText("Risposta inviata").first()).toBeVisible();
    const conversation = page.getByRole("region", { name: "Conversazione" });
    await expect(conversation).toContainText("Risposta senza JavaScript");
    await expect(conversation.getByRole("link", { name: /Scarica ricevuta\.pdf/ })).toBeVisible();
    await page.getByRole("link", { name: "Chiudi la richiesta" }).click();
    await expect(page.getByRole("heading", { name: "Stai per chiudere la richiesta" })).toBeVisible();
    await page.getByRole("button", { name: "Conferma chiusura" }).click();
    await expect(page.getByText("Richiesta chiusa").first()).toBeVisible();
    await expect(
      page.getByText("La richiesta è chiusa: non è possibile inviare altre risposte."),
    ).toBeVisible();
  });
});
