import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { computeFiscalCodeCheckLetter } from "#shared/validation/fiscal-code.ts";
import { CITIZENS, expect, setSandboxFault } from "./fixtures.ts";

// The spontaneous payment's steps, shared by its journeys (payments-spontaneous.test.ts) and the replica journeys
// (tests/replicas/).
export const PAYER_BODY = "NREFNC80A41H501";
export const PAYER_CF = `${PAYER_BODY}${computeFiscalCodeCheckLetter(PAYER_BODY)}`;
export const GIULIA = CITIZENS["Giulia Bianchi"];

export const typeSelect = (page: Page) => page.getByRole("combobox", { name: /^Tipologia di pagamento/ });
export const loginLink = (page: Page) =>
  page.getByRole("main").getByRole("link", { name: "Accedi", exact: true });

/** The sandbox's `pagopa-rt` fault switch: while "down", a paid position waits for its receipt. */
export async function holdReceipts(hold: boolean) {
  await setSandboxFault("pagopa-rt", hold ? "down" : null);
}

export async function acceptPrivacy(page: Page) {
  await expect(page.getByRole("heading", { level: 2, name: "Informativa privacy" })).toBeVisible();
  await page.getByText("Ho letto e compreso l'informativa sulla privacy").click();
  await page.getByRole("button", { name: "Avanti" }).click();
}

export async function chooseType(page: Page, label: string | { index: number }, note?: string) {
  await expect(page.getByRole("heading", { level: 2, name: "Tipologia di pagamento" })).toBeVisible();
  await typeSelect(page).selectOption(typeof label === "string" ? { label } : label);
  if (note) await page.getByLabel("Note").fill(note);
  await page.getByRole("button", { name: "Avanti" }).click();
}

export async function fillPayer(page: Page) {
  await expect(page.getByRole("heading", { level: 2, name: "Dati personali" })).toBeVisible();
  await page.getByText("Persona fisica").click();
  await page.getByRole("textbox", { name: /^Nome/ }).fill("Francesca");
  await page.getByLabel("Cognome").fill("Neri");
  await page.getByLabel("Codice fiscale / P.IVA").fill(PAYER_CF.toLowerCase());
  await page.getByRole("textbox", { name: /^Email/ }).fill("francesca.neri@example.it");
  await page.getByLabel("Ripeti email").fill("francesca.neri@example.it");
  await page.getByRole("button", { name: "Avanti" }).click();
}

export async function fillAmount(page: Page, amount: string) {
  await expect(page.getByRole("heading", { level: 2, name: "Importo" })).toBeVisible();
  await page.getByLabel(/^Importo/).fill(amount);
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Riepilogo" })).toBeVisible();
}

/** Checks the outcome and downloads the notice; resolves to the PDF's bytes. */
export async function expectNoticeDownload(page: Page): Promise<Buffer> {
  await expect(
    page.getByRole("heading", { level: 2, name: "Avviso di pagamento creato correttamente" }),
  ).toBeVisible();
  const code = await page.locator('[data-element="notice-code"]').textContent();
  expect(code).toMatch(/^\d{18}$/);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Scarica l'avviso di pagamento (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`avviso-pagamento-${code}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await expect(page.getByText("Quanto è stato facile usare questo servizio?")).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna alla homepage" })).toBeVisible();
  return bytes;
}
