/**
 * Icons drawn inline (issue #24): a page references no sprite file (a `<use href="/assets/sprites-….svg#…">` once
 * kept some Chromium runs from ever firing `load`), the browser does not download the icons' shapes on a first
 * visit, the header's toggles (links that take the button's role once hydrated) keep their shapes, and a page
 * reached by client-side navigation draws the icons it adds. Hydration leaves the server's icons as they are
 * (issue #40).
 */
import { test, expect, settled, tenantUrl, waitForHydration } from "./fixtures.ts";

test.use({ viewport: { width: 390, height: 900 } });

test("icons are inline, on the server's page and after client navigation", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(tenantUrl("comune-b", "/"));
  await waitForHydration(page);

  // No icon refers to anything outside the document.
  await expect(page.locator("svg use")).toHaveCount(0);
  const icons = page.locator("svg.icon");
  expect(await icons.count()).toBeGreaterThan(5);
  const empty = await icons.evaluateAll((svgs) => svgs.filter((svg) => !svg.querySelector("path")).length);
  expect(empty, "icons without shapes").toBe(0);
  // The menu toggle (a link before hydration, the same element as a button after) is drawn.
  await expect(page.getByRole("button", { name: "Apri il menu" }).locator("svg path")).toHaveCount(1);
  expect(requests.filter((path) => /sprites|icon-symbols/.test(path))).toEqual([]);

  // A page reached by client-side navigation draws the icons it adds.
  await page.getByRole("button", { name: "Apri il menu" }).click();
  await page.getByRole("link", { name: "Servizi", exact: true }).first().click();
  await expect(page).toHaveURL(tenantUrl("comune-b", "/servizi"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The catalogue shows icons the home page does not: their shapes are loaded for it. Waited for, not read at once:
  // the request can come just after the heading shows (a CI run read 0 there, the retry 1).
  const shapeRequests = () => requests.filter((path) => /icon-symbols/.test(path)).length;
  await expect.poll(shapeRequests).toBe(1);
  await expect
    .poll(() =>
      page.locator("svg.icon").evaluateAll((svgs) => svgs.filter((svg) => !svg.querySelector("path")).length),
    )
    .toBe(0);
  await expect(page.locator("svg use")).toHaveCount(0);
  // Once.
  await settled(page);
  expect(shapeRequests()).toBe(1);
});

test("hydration leaves the icons the server drew untouched", async ({ page }) => {
  // Every change under an icon once the parser is done: hydration used to render every icon again right after it,
  // writing the same shapes again, in the page load's longest task (issue #40, Lighthouse's blocking time).
  await page.addInitScript(() => {
    const changed: string[] = [];
    (window as unknown as { iconChanges: string[] }).iconChanges = changed;
    document.addEventListener("DOMContentLoaded", () => {
      new MutationObserver((records) => {
        for (const record of records) {
          const icon = (record.target as Element).closest?.("svg.icon");
          if (icon)
            changed.push(
              icon.closest("[aria-label], a, button, label")?.textContent?.trim() || icon.outerHTML,
            );
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  });
  for (const tenant of ["comune-a", "comune-b"] as const) {
    await page.goto(tenantUrl(tenant, "/faq"));
    await waitForHydration(page);
    await settled(page);
    expect(await page.locator("svg.icon path").count()).toBeGreaterThan(5);
    expect(await page.evaluate(() => (window as unknown as { iconChanges: string[] }).iconChanges)).toEqual(
      [],
    );
  }
});
