import { test as base, expect, type Page } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { PORTAL_PORT, SANDBOX_PORT } from "../../playwright.config.ts";

export type TenantId = "comune-a" | "comune-b" | "comune-c";

export const TENANTS: Record<TenantId, { name: string }> = {
  "comune-a": { name: "Comune di Valverde" },
  "comune-b": { name: "Comune di Montealto" },
  "comune-c": { name: "Comune di Roccaserena" },
};

export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;

export function tenantUrl(tenant: TenantId, path = "/"): string {
  return `http://${tenant}.localhost:${PORTAL_PORT}${path}`;
}

/**
 * Waits until React has hydrated the page (`<html data-hydrated>`, client/root.tsx): before that, the keyboard
 * behaviours that need JavaScript (Escape on the user menu, the search dialog, the mobile menu button, the rating's
 * fetcher) are not there yet.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/**
 * axe's WCAG 2.1 AA rules on the page as it stands once settled: a page the portal renders is checked after React
 * has hydrated it (axe reads the DOM in several passes: once, in CI, a radio of the rating checked right after a
 * redirect looked unlabelled while its label was there, as if React had committed between two passes). Pages
 * without React (plain error pages, JavaScript off) are checked at once.
 */
export async function expectAccessible(page: Page) {
  if (await page.evaluate(() => "__reactRouterContext" in window)) await waitForHydration(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/** Logs in through the sandbox's demo identity provider as the given test citizen. */
export async function loginAs(page: Page, citizen: string) {
  await page.getByLabel(new RegExp(citizen)).check();
  await page.getByRole("button", { name: "Entra con SPID" }).click();
}

export async function resetSandbox() {
  const res = await fetch(`${SANDBOX_URL}/__sandbox/reset`, { method: "POST" });
  if (!res.ok) throw new Error(`sandbox reset failed: ${res.status}`);
}

/** Every test fails on console errors and uncaught page errors. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        // A page answered with an error status (404 page, 503 gate) is expected by the test that asked for it.
        const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(
          msg.text(),
        );
        if (status && msg.location().url === page.url()) return;
        // Validation answers of actions (400/403/422 on React Router's .data requests) are handled by the page.
        if (status && Number(status[1]) < 500 && /\.data(\?|$)/.test(msg.location().url)) return;
        errors.push(`${msg.text()} (${msg.location().url})`);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** One seeded citizen back to the sandbox's seed (contacts, messages, documents, favourites…), nobody else. */
export async function resetCitizen(codFisc: string) {
  const res = await fetch(`${SANDBOX_URL}/__sandbox/citizens/${codFisc}/reset`, { method: "POST" });
  if (!res.ok) throw new Error(`citizen reset failed: ${res.status}`);
}
