import { deflateSync, crc32 } from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import {
  CITIZENS,
  expect,
  expectAccessible,
  loginAs,
  resetCitizen,
  screenshotForReview,
  tenantUrl,
} from "./fixtures.ts";

// The disruption report's steps, shared by its journeys (disruption.test.ts) and the replica journeys (tests/replicas/).
export const GIULIA = CITIZENS["Giulia Bianchi"];
export const NEW = "/servizi/segnalazioni/nuova";
/** A small real PNG (1×1). */
export const PHOTO = {
  name: "foto.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
};

/**
 * A phone-sized photo over the 2 MB a file field takes: a real PNG of 1,200 × 1,000 pixels of (seeded, so always the
 * same) noise, which deflate cannot shrink: ~3.6 MB.
 */
export function phonePhoto(name = "lampione.png") {
  const width = 1200;
  const height = 1000;
  const rows = Buffer.alloc(height * (1 + width * 3));
  let seed = 20261203;
  for (let i = 0; i < rows.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    rows[i] = i % (1 + width * 3) === 0 ? 0 : seed >>> 24;
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return { name, mimeType: "image/png", buffer };
}

export const TOWNS = {
  "comune-a": {
    town: "Valverde",
    category: "Illuminazione pubblica",
    search: "Via Roma",
    result: "Via Roma 12, Valverde",
  },
  "comune-b": {
    town: "Montealto",
    category: "Buche e dissesti stradali",
    search: "Via Dante",
    result: "Via Dante Alighieri 21, Montealto",
  },
} as const;
export type Tenant = keyof typeof TOWNS;

/** Logs Giulia in on the report's first step (axe needs JavaScript: not run in the no-JavaScript test). */
export async function start(page: Page, tenant: Tenant, axe = true) {
  await resetCitizen(GIULIA);
  await page.goto(tenantUrl(tenant, NEW));
  await loginAs(page, "Giulia Bianchi");
  await expect(page.getByRole("heading", { level: 1, name: "Segnalazione disservizio" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Autorizzazioni e condizioni" })).toBeVisible();
  if (axe) await expectAccessible(page);
}

export async function acceptPolicy(page: Page) {
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByRole("link", { name: /devi accettare l'informativa/ })).toBeVisible();
  // bootstrap-italia draws the checkbox on its label: the user clicks the label.
  await page.getByText("Ho letto e compreso l'informativa sulla privacy").click();
  await expect(page.getByLabel("Ho letto e compreso l'informativa sulla privacy")).toBeChecked();
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Dati di segnalazione" })).toBeVisible();
}

export function map(page: Page): Locator {
  return page.getByRole("region", { name: "Mappa per indicare il luogo del disservizio" });
}

export async function expectTiles(page: Page) {
  await expect(map(page).locator("img.leaflet-tile-loaded").first()).toBeVisible();
}

export async function fillIssue(page: Page, tenant: Tenant, title: string, photo = PHOTO) {
  await page.getByLabel("Tipo di disservizio").selectOption({ label: TOWNS[tenant].category });
  await page.getByLabel("Titolo").fill(title);
  await page.getByLabel("Dettagli").fill("Segnalato da un test: nessun disservizio reale.");
  await page.getByLabel("Immagini e documenti").setInputFiles(photo);
}

/** Sends the report (its photo held as `photoName`) and checks the outcome and the receipt. */
export async function sendAndCheck(
  page: Page,
  tenant: Tenant,
  title: string,
  shot: string,
  photoName = "foto.png",
) {
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Riepilogo" })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText(photoName)).toBeVisible();
  await expect(page.getByText(TOWNS[tenant].category)).toBeVisible();
  await expectAccessible(page);
  await screenshotForReview(page, `${shot}-riepilogo`);
  await page.getByRole("button", { name: "Invia" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Segnalazione inviata" })).toBeVisible();
  await expect(page.getByText(/Numero della segnalazione: \d+/)).toBeVisible();
  await expectAccessible(page);
  await screenshotForReview(page, `${shot}-esito`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Scarica la ricevuta" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ricevuta-segnalazione-\d+\.pdf$/);
  const bytes = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 4).toString()).toBe("%PDF");
}
