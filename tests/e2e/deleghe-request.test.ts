import type { Locator, Page } from "@playwright/test";
import {
  test,
  expect,
  tenantUrl,
  expectAccessible,
  logIn,
  resetCitizen,
  screenshotForReview,
  CITIZENS,
  STRANGERS,
  SANDBOX_URL,
  type TenantId,
} from "./fixtures.ts";
import { inDays } from "./deleghe-support.ts";

// The delegation REQUEST with three documents (DELEGHE, issue #28) on both municipalities: Luca Verdi asks to act
// for Carla Neri, who cannot log in (nobody in the seed); the municipality's operator (the sandbox control) approves
// or refuses it.

const LUCA = CITIZENS["Luca Verdi"];
const CARLA = STRANGERS.CARLA_NERI;
const NEW = "/area-personale/deleghe/nuova";
const RICHIESTE = "/area-personale/deleghe/richieste";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("e2e-jpeg")]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

/** A delegable service of each municipality (sandbox/seed/comune-*-services.ts). */
const SERVICE: Record<"comune-a" | "comune-b", { id: string; title: string }> = {
  "comune-a": { id: "109", title: "Contrassegno di parcheggio per disabili" },
  "comune-b": { id: "203", title: "Pagamento IMU" },
};

/** Presses Tab until `target` has the focus. */
async function tabTo(page: Page, target: Locator, limit = 150) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("the element never got the focus");
}

/** The services step and the documents step (a fake PDF first: refused, the two good files kept). */
async function servicesAndDocuments(page: Page, tenant: "comune-a" | "comune-b", label: string) {
  await expect(page.getByRole("group", { name: /Servizi da delegare/ })).toBeVisible();
  await page.locator(`label[for="servizio-${SERVICE[tenant].id}"]`).click();
  await page.getByLabel(/Data di scadenza della delega/).fill(inDays(30));
  await page.locator('label[for="accetto"]').click();
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText("Carta d'identità (fronte)", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page
    .locator("#documento-CI_FRONTE")
    .setInputFiles({ name: "fronte.png", mimeType: "image/png", buffer: PNG });
  await page
    .locator("#documento-CI_RETRO")
    .setInputFiles({ name: "retro.jpg", mimeType: "image/jpeg", buffer: JPEG });
  await page.locator("#documento-MODULO_DELEGA").setInputFiles({
    name: "modulo.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("this is not a pdf"),
  });
  await screenshotForReview(page, `request28-${label}-documenti`);
  await page.getByRole("button", { name: "Avanti" }).click();
  const summary = page.getByRole("region", { name: "Correggi i seguenti errori" });
  await expect(summary).toContainText(
    "Il file modulo.pdf non è del tipo dichiarato dalla sua estensione (.pdf)",
  );
  await expect(page.locator("#documento-CI_FRONTE-list")).toContainText("fronte.png");
  await expect(page.locator("#documento-CI_RETRO-list")).toContainText("retro.jpg");
  // The refused file is not listed like an accepted one (issue #40): its field holds nothing, its error names it.
  await expect(page.locator("#documento-MODULO_DELEGA-list")).not.toContainText("modulo.pdf");
  await expect(page.locator("#documento-MODULO_DELEGA-list")).toContainText("Nessun documento caricato");
  await expectAccessible(page);
  await screenshotForReview(page, `request28-${label}-documenti-errore`);
  await page
    .locator("#documento-MODULO_DELEGA")
    .setInputFiles({ name: "modulo.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Avanti" }).click();
}

/** The request's id, from its card's document link in "Le mie richieste di delega". */
async function requestId(card: Locator): Promise<string> {
  const link = await card.getByRole("link", { name: "Modulo di delega firmato" }).getAttribute("href");
  return /richieste\/([^/]+)\/allegati/.exec(link ?? "")![1]!;
}

async function operator(tenant: TenantId, id: string, esito: "APPROVATA" | "RIFIUTATA", motivo?: string) {
  const res = await fetch(`${SANDBOX_URL}/__sandbox/deleghe/richieste/${id}/esito`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ comune: tenant, esito, motivo }),
  });
  expect(res.status).toBe(200);
}

for (const tenant of ["comune-a", "comune-b"] as const) {
  test(`${tenant}: a request with three documents, summary, success; the operator approves; documents byte-identical`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await resetCitizen(LUCA);
    await logIn(page, tenant, "Luca Verdi", NEW);
    await page.getByRole("link", { name: "Richiesta di delega con documenti" }).click();
    await page.getByLabel(/Codice fiscale del delegante/).fill(LUCA);
    await page.getByLabel(/Nome del delegante/).fill("Carla");
    await page.getByLabel(/Cognome del delegante/).fill("Neri");
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect(page.getByText("Non puoi chiedere una delega a te stesso").first()).toBeVisible();
    await expect(page.getByLabel(/Nome del delegante/)).toHaveValue("Carla");
    await screenshotForReview(page, `request28-${tenant}-delegante-errore-1280`);
    await page.getByLabel(/Codice fiscale del delegante/).fill(CARLA.codiceFiscale);
    await page.getByRole("button", { name: "Avanti" }).click();
    await servicesAndDocuments(page, tenant, `${tenant}-1280`);

    await expect(page.getByText(`Carla Neri (${CARLA.codiceFiscale})`)).toBeVisible();
    await expect(page.getByText("Modulo di delega firmato: modulo.pdf")).toBeVisible();
    await expect(page.getByRole("link", { name: /Modifica/ })).toHaveCount(3);
    await expectAccessible(page);
    await screenshotForReview(page, `request28-${tenant}-riepilogo-1280`);
    await page.getByRole("button", { name: "Invia la richiesta" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Richiesta inviata" })).toBeVisible();
    // The end of the service: its rating (Modello Comuni C.SE.1.7).
    await expect(
      page.getByRole("heading", { name: "Quanto è stato facile usare questo servizio?" }),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Vai alle tue richieste" }).click();
    const card = page
      .getByRole("article")
      .filter({ hasText: "Carla Neri" })
      .filter({ hasText: SERVICE[tenant].title });
    await expect(card.getByText("In attesa dell'operatore")).toBeVisible();
    await screenshotForReview(page, `request28-${tenant}-richieste-1280`); // on comune-a with the seeded refused request and its reason
    const id = await requestId(card);
    // Each document downloads byte-identical (through the browser: *.localhost resolves only there).
    const { readFile } = await import("node:fs/promises");
    for (const [name, bytes] of [
      ["Carta d'identità (fronte)", PNG],
      ["Carta d'identità (retro)", JPEG],
      ["Modulo di delega firmato", PDF],
    ] as const) {
      const download = page.waitForEvent("download");
      await card.getByRole("link", { name, exact: true }).click();
      expect(Buffer.compare(await readFile(await (await download).path()), bytes), name).toBe(0);
    }

    await operator(tenant, id, "APPROVATA");
    await page.reload();
    await expect(card.getByText("Approvata")).toBeVisible();
    await page.getByRole("link", { name: "Persone che mi hanno delegato" }).click();
    await expect(
      page
        .getByRole("article")
        .filter({ hasText: `Carla Neri (${CARLA.codiceFiscale})` })
        .filter({ hasText: "Approvata" }),
    ).toHaveCount(1);
    await expectAccessible(page);
  });
}

test("comune-b: the first step by keyboard alone at 390 px; a refused request shows the reason", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  await resetCitizen(LUCA);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await logIn(page, "comune-b", "Luca Verdi", `${NEW}/richiesta?passo=delegante`);
  await tabTo(page, page.getByLabel(/Codice fiscale del delegante/));
  await page.keyboard.type(CARLA.codiceFiscale.toLowerCase());
  await page.keyboard.press("Tab");
  await page.keyboard.type("Carla");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Neri");
  await screenshotForReview(page, "request28-comune-b-delegante-390");
  await tabTo(page, page.getByRole("button", { name: "Avanti" }));
  await page.keyboard.press("Enter");
  await servicesAndDocuments(page, "comune-b", "comune-b-390");
  await expect(page.getByText("Modulo di delega firmato: modulo.pdf")).toBeVisible();
  await screenshotForReview(page, "request28-comune-b-riepilogo-390");
  await page.getByRole("button", { name: "Invia la richiesta" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Richiesta inviata" })).toBeVisible();
  await page.goto(tenantUrl("comune-b", RICHIESTE));
  const card = page
    .getByRole("article")
    .filter({ hasText: "Carla Neri" })
    .filter({ hasText: "In attesa dell'operatore" });
  const id = await requestId(card.first());
  await operator("comune-b", id, "RIFIUTATA", "La firma sul modulo di delega non è leggibile.");
  await page.reload();
  const refused = page
    .getByRole("article")
    .filter({ hasText: "La firma sul modulo di delega non è leggibile." });
  await expect(refused.getByText("Rifiutata")).toBeVisible();
  await expectAccessible(page);
  await screenshotForReview(page, "request28-comune-b-richieste-rifiutata-390");
  await context.close();
});
