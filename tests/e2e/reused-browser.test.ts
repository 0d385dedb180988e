/**
 * The journeys of a worker share one browser context that Playwright resets between tests (playwright.config.ts:
 * `reuseContext`; what the reset clears: docs/development.md). Playwright calls that reset best-effort, so this file
 * checks what the journeys rely on: a test that comes after a logged-in citizen who chose English, in the same tab,
 * finds an anonymous visitor of the Italian portal. The two tests run in order in one worker.
 */
import { expect, logIn, tenantUrl, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

test("a citizen logs in, chooses English and keeps a second tab open", async ({ page, context }) => {
  await logIn(page, "comune-a", "Mario Rossi");
  await page.goto(tenantUrl("comune-a", "/?lang=en"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.evaluate(() => localStorage.setItem("left-behind", "yes"));
  const second = await context.newPage();
  await second.goto(tenantUrl("comune-a", "/area-personale"));
  await expect(second.locator("html")).toHaveAttribute("lang", "en");
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain("lang");
});

test("the next test, in the same tab, meets an anonymous visitor of the Italian portal", async ({
  page,
  context,
}) => {
  // The same tab as the previous test's (its history holds that test's pages): the context was reused, not new.
  expect(await page.evaluate(() => history.length)).toBeGreaterThan(1);
  expect(context.pages()).toHaveLength(1);
  expect(await context.cookies()).toEqual([]);

  await page.goto(tenantUrl("comune-a"));
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.locator('[data-element="personal-area-login"]')).toContainText(
    "Accedi all'area personale",
  );
  expect(await page.evaluate(() => localStorage.getItem("left-behind"))).toBeNull();
  // The personal area asks for a login again.
  await page.goto(tenantUrl("comune-a", "/area-personale"));
  await expect(page.getByRole("button", { name: "Entra con SPID" })).toBeVisible();
});
