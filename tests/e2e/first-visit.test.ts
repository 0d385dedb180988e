/**
 * The light first visit (issue #13): with bootstrap-italia's stylesheet purged at build time, the home page still
 * looks and behaves like a bootstrap-italia page — header colours, the mobile off-canvas menu, the site search
 * modal, the user's dropdown — and its fonts are the portal's own (Latin subset, preloaded, no CDN).
 */
import { test, expect, tenantUrl, expectAccessible, loginAs, waitForHydration } from "./fixtures.ts";

const ANNA = "Anna Esposito"; // logs in only: no citizen data is changed, so no reset is needed

test.describe("purged stylesheet at 1280px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the header keeps bootstrap-italia's look and the site search opens as a modal", async ({ page }) => {
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fontRequests.push(request.url());
    });
    await page.goto(tenantUrl("comune-a", "/"));
    await waitForHydration(page);

    // Kept rules: the blue header bands, the inline main menu (the hamburger is for small screens only).
    await expect(page.locator(".it-header-center-wrapper")).toHaveCSS("background-color", "rgb(0, 102, 204)");
    await expect(page.getByRole("button", { name: "Apri il menu" })).toBeHidden();
    const mainMenu = page.getByRole("navigation", { name: "Menu principale" });
    await expect(mainMenu.getByRole("link").first()).toBeVisible();

    // Fonts: the portal's own Titillium Web, served from its origin, Latin subset only.
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Titillium Web"'))).toBe(true);
    await expect(page.locator("body")).toHaveCSS("font-family", /Titillium Web/);
    expect(fontRequests.length).toBeGreaterThan(0);
    for (const url of fontRequests) {
      expect(new URL(url).host).toBe(new URL(page.url()).host);
      expect(url).toMatch(/-latin-\d+-normal-[\w-]+\.woff2$/);
    }
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(3);

    // The search modal (React state `show`): visible dialog over a dimmed page, then closed again.
    await page.getByRole("button", { name: "Cerca nel sito" }).click();
    const dialog = page.getByRole("dialog", { name: "Cerca per parola chiave" });
    await expect(dialog).toBeVisible();
    const input = dialog.getByLabel("Parole da cercare");
    await expect(input).toBeFocused();
    // bootstrap-italia's keyboard focus ring (`:focus:not([data-focus-mouse=true])`) survived the purge.
    await expect(input).toHaveCSS("box-shadow", /rgb\(0, 0, 0\) 0px 0px 0px 5px/);
    await expect(page.locator(".modal.show")).toHaveCSS("display", "block");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expectAccessible(page);
  });

  test("the user's dropdown opens with the keyboard and shows its entries", async ({ page }) => {
    await page.goto(tenantUrl("comune-a", "/api/utenti/login?redirector=%2F"));
    await loginAs(page, ANNA);
    await expect(page).toHaveURL(tenantUrl("comune-a", "/"));
    await waitForHydration(page);
    const summary = page.locator("details.it-user-wrapper > summary");
    const entry = page.locator(".dropdown-menu").getByRole("link", { name: "Area personale" });
    await expect(entry).toBeHidden();
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(entry).toBeVisible();
    await expect(page.locator("details.it-user-wrapper .dropdown-menu")).toHaveCSS("display", "block");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(entry).toBeHidden();
    await expect(summary).toBeFocused();
  });
});

for (const tenant of ["comune-a", "comune-b"] as const) {
  test.describe(`${tenant}: purged stylesheet at 390px`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the off-canvas menu slides in and closes again", async ({ page }) => {
      await page.goto(tenantUrl(tenant, "/"));
      await waitForHydration(page);
      const open = page.getByRole("button", { name: "Apri il menu" });
      const mainMenu = page.getByRole("navigation", { name: "Menu principale" });
      await expect(open).toBeVisible();
      await expect(mainMenu).toBeHidden();
      await open.click();
      await expect(open).toHaveAttribute("aria-expanded", "true");
      await expect(mainMenu.getByRole("link").first()).toBeVisible();
      await expect(page.locator(".navbar-collapsable.expanded .overlay")).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("button", { name: "Chiudi il menu" }).click();
      await expect(mainMenu).toBeHidden();
      await expect(open).toHaveAttribute("aria-expanded", "false");
      await expectAccessible(page);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the off-canvas menu still opens through its link (the :target rules survived the purge)", async ({
    page,
  }) => {
    await page.goto(tenantUrl("comune-a", "/"));
    const mainMenu = page.getByRole("navigation", { name: "Menu principale" });
    await expect(mainMenu).toBeHidden();
    await page.getByRole("link", { name: "Apri il menu" }).click();
    await expect(page).toHaveURL(/#[\w-]+$/);
    await expect(mainMenu.getByRole("link").first()).toBeVisible();
    // (axe needs JavaScript in the page: the JS runs above check the same markup.)
    await page.getByRole("link", { name: "Chiudi il menu" }).click();
    await expect(mainMenu).toBeHidden();
  });
});
