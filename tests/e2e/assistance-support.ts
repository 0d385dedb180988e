import type { Page } from "@playwright/test";
import { strangerFiscalCode } from "../support/citizens.ts";
import { expect, SANDBOX_URL } from "./fixtures.ts";

// The assistance request's steps (issue #11), shared by its journeys (assistance.test.ts) and the replica journeys
// (tests/replicas/).
export const FORM = "/nuova-richiesta";
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
export const PDF = Buffer.from("%PDF-1.4\n%prova\n");

/**
 * The anonymous requester: Paolo Bruno, a valid fiscal code that no seeded citizen has. A seeded one (Luca's, before)
 * shared the e-mail codes' rows with every test of that citizen: another worker resetting Luca deleted the code this
 * journey had just been sent (the comune-b keyboard journey's "codice non corretto" flake on the published profile).
 */
export const REQUESTER = {
  nome: "Paolo",
  cognome: "Bruno",
  codiceFiscale: strangerFiscalCode("BRNPLA80A01L219"),
} as const;

export const unique = (tag: string) => `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.it`;

/** The newest verification code sent to `to`, read from the sandbox mailbox (never from the page). */
export async function readCode(to: string): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const res = await fetch(`${SANDBOX_URL}/__sandbox/mailbox.json?to=${encodeURIComponent(to)}`);
      const messages = (await res.json()) as Array<{ subject: string; body: string }>;
      const newest = messages.find((message) => message.subject === "Codice di verifica");
      code = /\b(\d{5})\b/.exec(newest?.body ?? "")?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{5}$/);
  return code;
}

/** The form's "Invia" (the rating at the page's end has one too). */
export const sendButton = (page: Page) =>
  page.getByRole("form", { name: "Richiesta assistenza" }).getByRole("button", { name: "Invia" });

/** Ticks a checkbox by clicking its label (bootstrap-italia draws the box on the label). */
export async function tick(page: Page, name: string | RegExp) {
  const box = page.getByRole("checkbox", { name });
  await page.locator(`label[for="${await box.getAttribute("id")}"]`).click();
  await expect(box).toBeChecked();
}

export async function fillRequest(page: Page, options: { anonymous: boolean; email?: string; js?: boolean }) {
  if (options.anonymous) {
    await page.getByLabel(/^Nome/).fill(REQUESTER.nome);
    await page.getByLabel(/^Cognome/).fill(REQUESTER.cognome);
    // Typed in lower case: the form takes it as the citizen would type it.
    await page.getByLabel(/^Codice fiscale/).fill(REQUESTER.codiceFiscale.toLowerCase());
  }
  if (options.email) await page.getByLabel(/^Email/).fill(options.email);
  await page.getByLabel(/^Telefono/).fill("3331234567");
  await page.getByLabel(/^Servizio/).selectOption({ label: "Tributi" });
  if (options.js === false) await page.getByRole("button", { name: "Aggiorna tipologie" }).click();
  await expect(
    page.getByLabel(/^Tipologia problematica/).getByRole("option", { name: "IMU" }),
  ).toBeAttached();
  await page.getByLabel(/^Tipologia problematica/).selectOption({ label: "IMU" });
  await page.getByLabel(/^Dettagli/).fill("Non trovo l'importo IMU da pagare per il 2026.");
}
