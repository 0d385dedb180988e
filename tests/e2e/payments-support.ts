import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { CITIZENS, expect, expectAccessible, tenantUrl, type TenantId } from "./fixtures.ts";

// The payment by IUV's steps, shared by its journeys (payments.test.ts) and the replica journeys (tests/replicas/).
export const ANNA = CITIZENS["Anna Esposito"];
export const MARIO = CITIZENS["Mario Rossi"];

export const payments = (page: Page) => page.getByRole("region", { name: "Pagamenti" });

export async function expectPdfDownload(page: Page, linkName: string | RegExp) {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: linkName }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^(ricevuta|avviso-pagamento)-\d{17}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

/** The bootstrap-italia checkbox is drawn by its label: the citizen clicks the label. */
export async function acceptPrivacy(page: Page) {
  await page.getByText("Ho letto e compreso l'informativa sulla privacy").click();
  await expect(page.getByLabel("Ho letto e compreso l'informativa sulla privacy")).toBeChecked();
}

/** From Attività's "Paga ora" through privacy and summary to the checkout stand-in. */
export async function payFromActivities(page: Page, tenant: TenantId, description: string) {
  await payments(page)
    .getByRole("link", { name: `Paga ora ${description}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento con IUV" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Informativa sulla privacy" })).toContainText("GDPR");
  await expectAccessible(page);
  // Without the checkbox: the error summary.
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(
    page.getByText("Per proseguire è necessario accettare l'informativa sulla privacy").first(),
  ).toBeVisible();
  await expectAccessible(page);
  await acceptPrivacy(page);
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page).toHaveURL(/\?passo=riepilogo$/);
  await expect(page.getByRole("heading", { level: 2, name: "Riepilogo" })).toBeVisible();
  await expect(page.getByText(description)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Paga con pagoPA" }).click();
  await expect(page.getByText("Simulazione pagoPA")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Checkout pagoPA" })).toBeVisible();
  await expectAccessible(page);
  expect(new URL(page.url()).origin).not.toBe(new URL(tenantUrl(tenant)).origin);
}
