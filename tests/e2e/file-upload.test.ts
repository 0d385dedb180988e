import type { Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  loginAs,
  resetCitizen,
  screenshotForReview,
  tenantUrl,
  test,
  waitForHydration,
  CITIZENS,
} from "./fixtures.ts";

// Issue #25: every file field is bootstrap-italia's upload component (components/ui/file-upload.tsx): the
// "Carica file" button over the native input, and the list of the files held and chosen (name and size), so the
// text near the field says what the form will send. Without JavaScript the native input stays as it is.
const PDF = Buffer.from("%PDF-1.4\n%prova di allegato\n"); // 28 bytes
const PHOTO = {
  name: "foto.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
}; // 70 bytes
const GIULIA = CITIZENS["Giulia Bianchi"];

/** The page and its upload field at 1280 and 390 px, for review (`screenshotForReview`); back to 1280 after. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotForReview(page, `cosm25-${name}-${width}`);
    await screenshotForReview(page.locator(".file-upload"), `cosm25-${name}-${width}-field`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("assistance: the upload component names the chosen file and its size, by keyboard, axe clean", async ({
  page,
}) => {
  await page.goto(tenantUrl("comune-a", "/nuova-richiesta"));
  await waitForHydration(page);
  const input = page.getByLabel(/^Allegato/);
  await expect(input).toHaveAttribute("type", "file");
  await expect(input).toHaveClass(/\bupload\b/);
  await expect(page.locator("label[for]", { hasText: "Carica file" })).toBeVisible();
  await input.focus();
  await expect(input).toBeFocused();
  await input.setInputFiles({ name: "avviso.pdf", mimeType: "application/pdf", buffer: PDF });
  const list = page.locator(".upload-file-list");
  await expect(list.getByText("avviso.pdf (28 B)")).toBeVisible();
  await expect(list.getByText("File scelto, da inviare:")).toBeAttached();
  await expectAccessible(page);
  await shots(page, "assistance-chosen");
  // Sent with the other fields empty: refused, the file kept by the form and listed once, as held, not chosen again.
  await page
    .getByRole("form", { name: "Richiesta assistenza" })
    .getByRole("button", { name: "Invia" })
    .click();
  await expect(page.getByRole("heading", { name: "Correggi i seguenti errori" })).toBeVisible();
  await expect(list.getByText("avviso.pdf")).toHaveCount(1);
  await expect(list.getByText("File allegato:")).toBeAttached();
  await expect(list.getByText("File scelto, da inviare:")).toHaveCount(0);
});

test("disruption: 'Nessun file allegato' gives way to the chosen photo's name and size", async ({ page }) => {
  await resetCitizen(GIULIA);
  await page.goto(tenantUrl("comune-a", "/servizi/segnalazioni/nuova"));
  await loginAs(page, "Giulia Bianchi");
  await page.getByText("Ho letto e compreso l'informativa sulla privacy").click();
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Dati di segnalazione" })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByText("Nessun file allegato")).toBeVisible();
  // A photo over 2 MB is refused as it is chosen, in the server's words, and never listed as if it would be sent.
  const field = page.getByLabel("Immagini e documenti");
  await field.setInputFiles({ ...PHOTO, name: "grande.png", buffer: Buffer.alloc(3 * 1024 * 1024, 1) });
  const upload = page.locator(".file-upload");
  await expect(upload.getByRole("alert")).toHaveText(
    "Il file grande.png supera la dimensione massima di 2 MB",
  );
  await expect(field).toHaveAccessibleDescription(/supera la dimensione massima/);
  await expect(page.getByText("Nessun file allegato")).toBeVisible();
  await expect(upload.locator(".upload-file-list").getByText("grande.png")).toHaveCount(0);
  await field.setInputFiles(PHOTO);
  await expect(upload.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("Nessun file allegato")).toHaveCount(0);
  await expect(page.getByText("foto.png (70 B)")).toBeVisible();
  await expectAccessible(page);
  await shots(page, "disruption-chosen");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("assistance: the native file input is shown and sends the file, which the form then holds", async ({
    page,
  }) => {
    await page.goto(tenantUrl("comune-a", "/nuova-richiesta"));
    const input = page.getByLabel(/^Allegato/);
    await expect(input).toBeVisible();
    await expect(input).toHaveClass(/form-control/);
    await input.setInputFiles({ name: "avviso.pdf", mimeType: "application/pdf", buffer: PDF });
    await page
      .getByRole("form", { name: "Richiesta assistenza" })
      .getByRole("button", { name: "Invia" })
      .click();
    await expect(page.getByRole("heading", { name: "Correggi i seguenti errori" })).toBeVisible();
    await expect(page.locator(".upload-file-list").getByText("avviso.pdf")).toBeVisible();
    await expect(page.getByLabel("Rimuovi l'allegato avviso.pdf")).toBeAttached();
    await shots(page, "assistance-nojs-held");
  });
});
