import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  tenantUrl,
  expectAccessible,
  loginAs,
  screenshotForReview,
  setSandboxFault,
  waitForHydration,
  CITIZENS,
} from "./fixtures.ts";

const filters = (page: Page) => page.getByRole("search", { name: "Filtra i documenti" });

// Giulia Bianchi has 26 documents on comune-a (four areas); these tests only read them.

test("Giulia filters her documents by area and description, pages, and downloads a PDF", async ({ page }) => {
  await page.goto(tenantUrl("comune-a", "/area-personale/documenti"));
  await loginAs(page, "Giulia Bianchi");
  await expect(page).toHaveURL(tenantUrl("comune-a", "/area-personale/documenti"));
  await expect(page.getByRole("heading", { level: 2, name: "Documenti" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "documenti" })).toHaveText(
    "26 documenti - pagina 1 di 2",
  );
  await expect(page.getByRole("link", { name: /^Scarica / })).toHaveCount(20);
  await expectAccessible(page);

  // Page 2 through the pager, keyboard only; the focus moves to the new count.
  await waitForHydration(page);
  const pager = page.getByRole("navigation", { name: "Paginazione dei documenti" });
  await pager.getByRole("link", { name: "Pagina 2" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(tenantUrl("comune-a", "/area-personale/documenti?pagina=2"));
  await expect(pager.getByRole("link", { name: "Pagina 2" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: /^Scarica / })).toHaveCount(6);
  await expect(page.getByRole("status").filter({ hasText: "documenti" })).toBeFocused();

  // Area and description.
  await page.getByLabel("Ambito").selectOption({ label: "Edilizia" });
  await page.getByLabel("Descrizione").fill("permesso");
  await filters(page).getByRole("button", { name: "Cerca" }).click();
  await expect(page.getByRole("status").filter({ hasText: "documento" })).toHaveText("1 documento");
  await expect(page.getByRole("status").filter({ hasText: "documento" })).toBeFocused();
  await expect(
    page.getByRole("heading", { level: 3, name: "Permesso di costruire n. 112/2024" }),
  ).toBeVisible();
  await expect(page.getByText("Ambito: Edilizia")).toBeVisible();
  await expect(page.getByText("Scadenza: 30/09/2027")).toBeVisible();

  // The download: a real file, not a React Router data request.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Scarica Permesso di costruire n. 112/2024 (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Dates in the wrong order: the original's message, next to the field.
  await page.goto(tenantUrl("comune-a", "/area-personale/documenti?da=2025-04-01&a=2025-03-01"));
  await expect(
    page.getByText("La data iniziale deve essere precedente alla data finale").first(),
  ).toBeVisible();
  await expect(filters(page).getByLabel("Da", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
});

test("a document the municipality cannot give right now says so beside its link; once it can, it downloads", async ({
  page,
  consoleErrors,
}) => {
  await page.goto(tenantUrl("comune-a", "/area-personale/documenti"));
  await loginAs(page, "Anna Esposito");
  await expect(page.getByRole("heading", { level: 2, name: "Documenti" })).toBeVisible();
  await waitForHydration(page);
  const link = page.getByRole("link", { name: "Scarica Certificato di residenza (PDF)" });
  // Anna's document files only (her lease is this test's): the list still answers.
  await setSandboxFault("mydocs-file", CITIZENS["Anna Esposito"]);
  try {
    await link.click();
    const refusal = page.getByRole("alert").filter({ hasText: "Il servizio del Comune" });
    await expect(refusal).toHaveText(
      "Il servizio del Comune non risponde correttamente. Riprova tra qualche minuto.",
    );
    await expect(page).toHaveURL(tenantUrl("comune-a", "/area-personale/documenti"));
    await expect(link).toBeFocused();
    await expectAccessible(page);
    // The browser reports the refused request; the page said why.
    expect(consoleErrors.splice(0)).toEqual([expect.stringContaining("status of 502")]);

    await setSandboxFault("mydocs-file", null);
    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    // The name the server gives (Content-Disposition), not the fetched address.
    expect(download.suggestedFilename()).toBe("certificato-di-residenza.pdf");
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await expect(refusal).toHaveCount(0);
  } finally {
    await setSandboxFault("mydocs-file", null);
  }
});

test("sorting by expiry puts the soonest expiry first", async ({ page }) => {
  await page.goto(tenantUrl("comune-a", "/area-personale/documenti"));
  await loginAs(page, "Giulia Bianchi");
  await page.getByLabel("Ordina per").selectOption({ label: "Data di scadenza" });
  await filters(page).getByRole("button", { name: "Cerca" }).click();
  await expect(page).toHaveURL(/ordine=scadenza/);
  await expect(
    page.getByRole("list", { name: "Documenti" }).getByRole("heading", { level: 3 }).first(),
  ).toHaveText("Avviso di accertamento IMU 2022");
});

test("comune-b has no Documenti tab, and the address leads to 'servizio non disponibile'", async ({
  page,
}) => {
  await page.goto(tenantUrl("comune-b", "/area-personale"));
  await loginAs(page, "Anna Esposito");
  const tabs = page.getByRole("navigation", { name: "Sezioni dell'area personale" });
  await expect(tabs.getByRole("link", { name: /^Servizi/ })).toBeVisible();
  await expect(tabs.getByRole("link", { name: /^Documenti/ })).toHaveCount(0);
  await page.goto(tenantUrl("comune-b", "/area-personale/documenti"));
  await expect(page).toHaveURL(tenantUrl("comune-b", "/servizio-non-disponibile"));
});

test("at 390 px the documents list stays readable and accessible", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl("comune-a", "/area-personale/documenti"));
  await loginAs(page, "Giulia Bianchi");
  await expect(page.getByRole("heading", { level: 2, name: "Documenti" })).toBeVisible();
  // Once the web fonts are in (the fallback font is wider for a moment), nothing scrolls sideways.
  await expect
    .poll(() => page.evaluate(async () => (await document.fonts.ready, document.documentElement.scrollWidth)))
    .toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.getByRole("heading", { level: 2, name: "Documenti" }).scrollIntoViewIfNeeded();
  await screenshotForReview(page, "personal-area-documents-390", { fullPage: false });
  const pager = page.getByRole("navigation", { name: "Paginazione dei documenti" });
  await pager.scrollIntoViewIfNeeded();
  await screenshotForReview(page, "personal-area-documents-390-pager", { fullPage: false });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filter and download work as plain GET requests", async ({ page }) => {
    await page.goto(tenantUrl("comune-a", "/area-personale/documenti"));
    await loginAs(page, "Giulia Bianchi");
    await expect(page.getByRole("heading", { level: 2, name: "Documenti" })).toBeVisible();
    await page.getByLabel("Ambito").selectOption({ label: "Anagrafe" });
    await filters(page).getByRole("button", { name: "Cerca" }).click();
    await expect(page).toHaveURL(/ambito=2/);
    await expect(page.getByRole("status").filter({ hasText: "documenti" })).toHaveText("4 documenti");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Scarica Certificato di residenza (PDF)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await screenshotForReview(page, "personal-area-documents-1280");
  });

  test("a document that cannot be given opens its sentence, with the failure's status", async ({ page }) => {
    await page.goto(tenantUrl("comune-a", "/area-personale/documenti"));
    await loginAs(page, "Anna Esposito");
    await setSandboxFault("mydocs-file", CITIZENS["Anna Esposito"]);
    try {
      const answer = page.waitForResponse((res) => res.url().includes("/file"));
      await page.getByRole("link", { name: "Scarica Certificato di residenza (PDF)" }).click();
      expect((await answer).status()).toBe(502);
      await expect(page.locator("body")).toHaveText(
        "Il servizio del Comune non risponde correttamente. Riprova tra qualche minuto.",
      );
    } finally {
      await setSandboxFault("mydocs-file", null);
    }
  });
});
