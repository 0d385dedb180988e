/**
 * Issue #24: the pages a municipality without a website of its own needs. Montealto (comune-b) has no CMS: the
 * header's "Tutti gli argomenti" and the footer's "Note legali" and "Informativa privacy" lead to the portal's
 * pages, which a citizen walks from the home page to a service, and which pass axe.
 */
import { test, expect, tenantUrl, expectAccessible } from "./fixtures.ts";

test.describe("comune-b, without CMS, at 1280px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("home → Tutti gli argomenti → a topic → a service", async ({ page }) => {
    await page.goto(tenantUrl("comune-b", "/"));
    const allTopics = page.locator('header [data-element="all-topics"]');
    await expect(allTopics).toHaveAttribute("href", "/argomenti");
    await allTopics.click();
    await expect(page).toHaveURL(tenantUrl("comune-b", "/argomenti"));
    await expect(page).toHaveTitle("Argomenti - Comune di Montealto");
    await expect(page.getByRole("heading", { level: 1, name: "Argomenti" })).toBeVisible();
    const topics = page.locator('[data-element="topic-element"]');
    await expect(topics.first()).toBeVisible();
    await expect(topics.filter({ hasText: "Anagrafe" })).toHaveCount(1);
    await expectAccessible(page);

    await topics.filter({ hasText: "Anagrafe" }).click();
    await expect(page).toHaveURL(tenantUrl("comune-b", "/argomenti/anagrafe"));
    await expect(page.getByRole("heading", { level: 1, name: "Anagrafe" })).toBeVisible();
    await expect(page.locator('[data-element="breadcrumb"] li')).toHaveText([
      /Home/,
      /Argomenti/,
      "Anagrafe",
    ]);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Carta d'identità elettronica" }).click();
    await expect(page).toHaveURL(tenantUrl("comune-b", "/servizi/201"));
    await expect(page.locator('[data-element="service-title"]')).toHaveText("Carta d'identità elettronica");
    await expect(page.locator('[data-element="service-topic"]').filter({ hasText: "Anagrafe" })).toHaveCount(
      1,
    );
  });

  test("the footer's Note legali and Informativa privacy", async ({ page }) => {
    await page.goto(tenantUrl("comune-b", "/"));
    await page.locator('footer [data-element="legal-notes"]').click();
    await expect(page).toHaveURL(tenantUrl("comune-b", "/note-legali"));
    await expect(page.getByRole("heading", { level: 1, name: "Note legali" })).toBeVisible();
    // The licence's section and exact text (C.SI.3.4): on the conformance walk (conformance.test.ts).
    await expect(page.getByRole("heading", { name: "Licenza dei contenuti" })).toBeVisible();
    await expectAccessible(page);

    await page.locator('footer [data-element="privacy-policy-link"]').click();
    await expect(page).toHaveURL(tenantUrl("comune-b", "/privacy"));
    await expect(page.getByRole("heading", { level: 1, name: "Informativa sulla privacy" })).toBeVisible();
    await expect(page.getByText("rpd@comune.montealto.it")).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("comune-b at 390px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ["/argomenti", "/argomenti/anagrafe", "/note-legali", "/privacy"]) {
    test(`${path} is accessible on a phone`, async ({ page }) => {
      await page.goto(tenantUrl("comune-b", path));
      await expect(page.locator('[data-element="page-name"]')).toBeVisible();
      await expectAccessible(page);
    });
  }
});
