import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import type axe from "axe-core";
import { PORTAL_PORT, SANDBOX_PORT } from "../../playwright.config.ts";
import { CITIZENS as SEEDED } from "../support/citizens.ts";
import { DEMO_TENANTS, type DemoTenantId } from "../support/demo-tenants.ts";

export type TenantId = DemoTenantId;

/** The demo's municipalities (their name, portal host and upstream host), from the sandbox's seed. */
export const TENANTS = DEMO_TENANTS;

export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;

export function tenantUrl(tenant: TenantId, path = "/"): string {
  return `http://${TENANTS[tenant].portalHost}:${PORTAL_PORT}${path}`;
}

/**
 * Waits until React has hydrated the page (`<html data-hydrated>`, set by `HydrationProvider` in
 * client/components/ui/use-hydrated.tsx once the readers of `useHydrated` have switched): before that, the keyboard
 * behaviours that need JavaScript (Escape on the user menu, the search dialog, the mobile menu button, the rating's
 * fetcher) are not there yet.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

declare global {
  interface Window {
    /** axe-core, as `expectAccessible` loads it into the page. */
    axe: typeof axe;
  }
}

/**
 * axe-core's minified build, as the page evaluates it: the same rules as the package's `axe.source` (its unminified
 * build, 1.5 MB), at less than half the bytes to send to every document checked and to parse there.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe's WCAG 2.1 AA rules; only the violations are gathered (what the test reads: axe skips collecting the passes). */
const AXE_OPTIONS = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  resultTypes: ["violations"],
} satisfies axe.RunOptions;

/**
 * Waits until the page's CSS transitions and finite animations have ended and no new one starts: axe reads colours as
 * they are drawn. Right after a client-side navigation between the delegation lists' tabs, in CI runs, it read the old
 * and the new active tab half-way through bootstrap-italia's colour transition and reported their contrast (issue #39).
 * One wait for the transitions running was not enough: the new page's arrival focus, moved in an effect after React's
 * commit, starts the clicked tab's transitions again (its focus style goes), cancelling the ones waited for. So the
 * page gets two frames (React runs its effects), and the wait starts over until two frames pass with nothing running.
 * Only running animations with an end are waited for (not a spinner's endless one, nor a paused one), 5 s at most.
 */
async function transitionsEnded(page: Page) {
  await page.evaluate(async () => {
    const deadline = performance.now() + 5000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (;;) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === "running" &&
            Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
        );
      const left = deadline - performance.now();
      if (running.length === 0 || left <= 0) return;
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
    }
  });
}

/**
 * axe's WCAG 2.1 AA rules on the page as it stands once settled, its transitions ended: a page the portal renders
 * is checked after React has hydrated it (axe reads the DOM in several passes: once, in CI, a radio of the rating
 * checked right after a redirect looked unlabelled while its label was there, as if React had committed between two
 * passes); pages without React (plain error pages, JavaScript off) have no hydration to wait for.
 *
 * axe-core runs in the page itself, loaded into each frame once per document (AxeBuilder's "legacy" mode evaluated its
 * 1.3 MB source twice before every check, about a third of each check's time; its default mode also opened a blank
 * page to merge cross-origin frames' results, for frames the portal does not have).
 */
export async function expectAccessible(page: Page) {
  if (await page.evaluate(() => "__reactRouterContext" in window)) await waitForHydration(page);
  await transitionsEnded(page);
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE_SOURCE);
  }
  const summary = await page.evaluate(async (options) => {
    const { violations } = await window.axe.run(document, options);
    return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  }, AXE_OPTIONS);
  expect(summary, "axe violations").toEqual([]);
}

/**
 * The seeded demo citizens (sandbox/seed/citizens.ts) by the name the demo identity provider shows; their fiscal codes
 * are spelled once, in tests/support/citizens.ts.
 */
export const CITIZENS = {
  "Mario Rossi": SEEDED.MARIO,
  "Giulia Bianchi": SEEDED.GIULIA,
  "Luca Verdi": SEEDED.LUCA,
  "Anna Esposito": SEEDED.ANNA,
} as const;
export type CitizenName = keyof typeof CITIZENS;

/** People who are nobody in the seed, by name (tests/support/citizens.ts). */
export { STRANGERS } from "../support/citizens.ts";

/**
 * Citizen leases: two Playwright workers never use the same seeded citizen at the same time, so one worker's reset
 * or changes (a message read, a contact saved, a payment) never land in the middle of another worker's test of that
 * citizen. `loginAs` and `resetCitizen` take the citizen's lease for the rest of the test (waiting while another
 * worker's test holds it; the wait is added to the test's timeout); the `citizenLeases` fixture gives them back when
 * the test ends. A lease is a directory (atomic `mkdir`) named after the fiscal code, in a folder of this run's
 * sandbox port; a lease whose worker died is taken over.
 */
const LEASES = join(tmpdir(), `portal-e2e-${SANDBOX_PORT}-citizens`);
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function tryLease(codFisc: string): boolean {
  const dir = join(LEASES, codFisc);
  mkdirSync(LEASES, { recursive: true });
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    let owner = 0;
    try {
      owner = Number(readFileSync(join(dir, "owner"), "utf8"));
    } catch {
      return false; // just taken: its owner is writing its name
    }
    if (!owner || alive(owner)) return false;
    rmSync(dir, { recursive: true, force: true });
    return false; // taken over at the next look
  }
  writeFileSync(join(dir, "owner"), String(process.pid));
  return true;
}

/** Takes `codFisc`'s lease for the rest of the current test (no-op when this worker holds it already). */
export async function leaseCitizen(codFisc: string) {
  if (held.has(codFisc)) return;
  // The wait does not count against the test: its timeout grows by the time spent waiting.
  const info = base.info();
  const timeout = info.timeout;
  const started = Date.now();
  if (timeout > 0) info.setTimeout(timeout + 120_000);
  await expect
    .poll(() => tryLease(codFisc), {
      message: `citizen ${codFisc} is used by another worker's test`,
      timeout: 120_000,
      intervals: [50, 100, 250, 500],
    })
    .toBe(true);
  held.add(codFisc);
  if (timeout > 0) info.setTimeout(timeout + (Date.now() - started));
}

/**
 * Takes the lease of one of the sandbox's fault switches (they are global to the sandbox) for the rest of the current
 * test: the test that turns the switch on holds it, and so does a test that must not meet the fault (the link walk
 * visits every page), so the two never run at the same time in two workers.
 */
export async function holdSandboxFault(name: "kb") {
  await leaseCitizen(`fault-${name}`);
}

/**
 * Sets one of the sandbox's fault switches (sandbox/README.md: `"down"`, or a citizen's fiscal code for a switch that
 * fails one citizen only), or clears it with null.
 */
export async function setSandboxFault(name: string, value: string | null) {
  const res = await fetch(`${SANDBOX_URL}/__sandbox/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ [name]: value }),
  });
  if (!res.ok) throw new Error(`fault switch ${name}: ${res.status}`);
}

function releaseCitizens() {
  for (const codFisc of held) rmSync(join(LEASES, codFisc), { recursive: true, force: true });
  held.clear();
}

/** Logs in through the sandbox's demo identity provider as the given test citizen (taking the citizen's lease). */
export async function loginAs(page: Page, citizen: string) {
  const pattern = new RegExp(citizen);
  for (const [name, codFisc] of Object.entries(CITIZENS)) {
    if (pattern.test(name)) await leaseCitizen(codFisc);
  }
  await page.getByLabel(pattern).check();
  await page.getByRole("button", { name: "Entra con SPID" }).click();
}

/**
 * Opens the login from `path` on `tenant` (`/api/utenti/login?redirector=…`), logs in as `citizen` and waits to be
 * back on `path` with the citizen's name in the header.
 */
export async function logIn(page: Page, tenant: TenantId, citizen: CitizenName, path = "/") {
  await page.goto(tenantUrl(tenant, `/api/utenti/login?redirector=${encodeURIComponent(path)}`));
  await loginAs(page, citizen);
  await expect(page).toHaveURL(tenantUrl(tenant, path));
  await expect(page.locator("header details.it-user-wrapper > summary")).toContainText(citizen);
}

/**
 * Waits until the page has settled: loaded, hydrated when React renders it, and its main thread free (one animation
 * frame answered). A dialog a script opened (`alert`) blocks the page until it is handled, so after this any dialog
 * the page was going to open has been seen.
 */
export async function settled(page: Page) {
  await page.waitForLoadState("load");
  if (await page.evaluate(() => "__reactRouterContext" in window)) await waitForHydration(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/**
 * A slow phone's scripts: the portal's scripts the page asks for from now on wait until the function returned is
 * called (the page shows the server's markup, not hydrated, meanwhile).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  return release;
}

/**
 * A slow phone's press: opens `url` with its scripts held, presses the control `find` locates, lets the scripts run
 * and the page hydrate, then lifts the finger. The press is placed once the page is styled and the control on screen:
 * before the stylesheets apply, the header's controls sit far down the unstyled page (a CI run measured the search
 * opener at y = 2827 in an 844 px viewport, and the press landed outside the page).
 */
export async function pressAcrossHydration(page: Page, url: string, find: (page: Page) => Locator) {
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: "commit" });
  const control = find(page);
  await expect(control).toBeVisible();
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
      (link) => link.sheet !== null,
    ),
  );
  await expect(control).toBeInViewport();
  const box = await control.boundingBox();
  if (!box) throw new Error("the control has no box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  await settled(page);
  await page.mouse.up();
}

/** Every test fails on console errors and uncaught page errors, and gives back its citizens' leases. */
/** The demo municipalities' `codiceEnte` (sandbox/seed): the push opt-in remembers a "No, grazie" under it. */
const CODICI_ENTE = ["c_v001", "c_m002", "c_r003"];

export const test = base.extend<{ consoleErrors: string[]; citizenLeases: void; pushPrompt: boolean }>({
  /**
   * Whether the push opt-in (issue #29) may open: only push.test.ts says yes. Every other journey runs as a citizen
   * who answered "No, grazie" in this browser session (the session key the opt-in sets), so the modal, which a
   * logged-in citizen with contacts meets once per session, does not stand in front of the page it tests.
   */
  pushPrompt: [false, { option: true }],
  context: async ({ context, pushPrompt }, use) => {
    if (!pushPrompt) {
      await context.addInitScript((codes: string[]) => {
        try {
          for (const code of codes) sessionStorage.setItem(`CITFAC_${code}_BANNER_FCM_DO_NOT_ASK`, "true");
        } catch {
          // No storage on this page (about:blank, an opaque origin): nothing to answer there.
        }
      }, CODICI_ENTE);
    }
    await use(context);
  },
  citizenLeases: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      await use();
      releaseCitizens();
    },
    { auto: true },
  ],
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

/**
 * A screenshot for a person to look at (no test asserts on it): taken only when E2E_SCREENSHOTS is set
 * (`E2E_SCREENSHOTS=1 npx playwright test …`), written in the running test's own output folder
 * (`test.info().outputPath(name + ".png")`, under test-results/). A page is shot whole unless `fullPage: false` (the
 * viewport as it is scrolled); a locator is shot as itself. A failing test's picture is Playwright's own (the screenshot
 * it keeps on failure), with or without this.
 */
export async function screenshotForReview(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const path = test.info().outputPath(`${name}.png`);
  if ("goto" in target) await target.screenshot({ path, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path });
}

/**
 * One seeded citizen back to the sandbox's seed (contacts, messages, documents, favourites…), nobody else; the test
 * holds the citizen's lease from here on, so no other worker's test sees the reset or the changes that follow.
 */
export async function resetCitizen(codFisc: string) {
  await leaseCitizen(codFisc);
  const res = await fetch(`${SANDBOX_URL}/__sandbox/citizens/${codFisc}/reset`, { method: "POST" });
  if (!res.ok) throw new Error(`citizen reset failed: ${res.status}`);
}
