/**
 * The Modello Comuni conformance rules (modello-comuni.md §2.4/§2.5) as Playwright checks, shared by the
 * conformance, page and FAQ tests. They follow the AGID checker (pa-website-validator-ng) as written down there.
 */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { bootstrapItaliaClasses } from "../support/bootstrap-italia-classes.ts";

export const ALLOWED_FONTS = ["titillium web", "lora", "roboto mono"];

/** Numeric comparison of dotted versions: true when `version` ≥ `minimum`. */
export function versionAtLeast(version: string, minimum: string): boolean {
  const a = version.split(".").map((n) => parseInt(n, 10) || 0);
  const b = minimum.split(".").map((n) => parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return true;
}

/**
 * C.SI.1.2, as the checker reads it: the version from `window.BOOTSTRAP_ITALIA_VERSION`, else from the body's
 * `--bootstrap-italia-version` custom property, ≥ 2.0.0; and ≥ 30% of the distinct class names in the DOM are
 * Bootstrap Italia's (tests/support/bootstrap-italia-classes.ts).
 */
export async function expectBootstrapItalia(page: Page) {
  const readVersion = () =>
    page.evaluate(() => {
      const exposed = (window as { BOOTSTRAP_ITALIA_VERSION?: string }).BOOTSTRAP_ITALIA_VERSION;
      if (exposed) return exposed;
      return getComputedStyle(document.body)
        .getPropertyValue("--bootstrap-italia-version")
        .replace(/["'\s]/g, "");
    });
  await expect.poll(readVersion, `${page.url()}: Bootstrap Italia version`).toMatch(/^\d+\.\d+\.\d+/);
  const version = await readVersion();
  expect(versionAtLeast(version, "2.0.0"), `BOOTSTRAP_ITALIA_VERSION ${version}`).toBe(true);
  const used = await page.evaluate(() => {
    const names = new Set<string>();
    for (const el of document.querySelectorAll("[class]")) for (const c of el.classList) names.add(c);
    return [...names];
  });
  const known = bootstrapItaliaClasses();
  const ours = used.filter((c) => known.has(c));
  const ratio = ours.length / used.length;
  expect(
    ratio,
    `${page.url()}: ${ours.length}/${used.length} Bootstrap Italia classes; others: ${used.filter((c) => !known.has(c)).join(" ")}`,
  ).toBeGreaterThanOrEqual(0.3);
}

/**
 * C.SI.1.1 / C.SE.1.3: every h1–h6 and p in the body, and every element inside them (the checker's score 1, not its
 * 0.5 tolerance), computes as first family to Titillium Web, Lora or Roboto Mono.
 */
export async function expectModelFonts(page: Page) {
  const offenders = await page.evaluate((allowed) => {
    const bad: string[] = [];
    const selector = ["h1", "h2", "h3", "h4", "h5", "h6", "p"].flatMap((t) => [t, `${t} *`]).join(", ");
    for (const el of document.body.querySelectorAll(selector)) {
      const first = getComputedStyle(el).fontFamily.split(",")[0]!.replace(/["']/g, "").trim().toLowerCase();
      if (!allowed.includes(first))
        bad.push(`${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 40)}": ${first}`);
    }
    return bad;
  }, ALLOWED_FONTS);
  expect(offenders, `${page.url()}: headings and paragraphs outside the model fonts`).toEqual([]);
}

/**
 * C.SI.3.1 / C.SE.3.1, the checker's rule: every cookie's domain (leading dot dropped) is the page's host, or ends
 * with "." + the page's host or "." + the site's host (`www.` stripped). A cookie on a parent domain fails.
 */
export async function expectFirstPartyCookies(page: Page, siteHost = new URL(page.url()).hostname) {
  const host = new URL(page.url()).hostname;
  const site = siteHost.replace(/^www\./, "");
  const cookies = await page.context().cookies();
  for (const cookie of cookies) {
    const domain = cookie.domain.replace(/^\./, "");
    const firstParty =
      domain === host || `.${domain}`.endsWith(`.${host}`) || `.${domain}`.endsWith(`.${site}`);
    expect(firstParty, `${page.url()}: cookie ${cookie.name} on ${cookie.domain}`).toBe(true);
  }
}

/** The `<h1 data-element="page-name">` with text, and (when asked) the Modello Comuni breadcrumb. */
export async function expectPageNameAndBreadcrumb(page: Page, options: { breadcrumb: boolean }) {
  const name = page.locator('h1[data-element="page-name"]');
  await expect(name).toHaveCount(1);
  expect((await name.innerText()).trim().length).toBeGreaterThanOrEqual(3);
  if (!options.breadcrumb) return;
  const crumbs = page.locator(
    'nav.breadcrumb-container ol.breadcrumb[data-element="breadcrumb"] > li.breadcrumb-item',
  );
  expect(await crumbs.count()).toBeGreaterThanOrEqual(2);
  await expect(crumbs.last()).toHaveAttribute("aria-current", "page");
  await expect(crumbs.first().locator("a")).toHaveAttribute("href", "/");
}

/** The checker's visibility: not `visibility:hidden` and a box with top, bottom, height and width all > 0. */
export function isVisibleForChecker(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    return (
      style.visibility !== "hidden" && rect.top > 0 && rect.bottom > 0 && rect.height > 0 && rect.width > 0
    );
  });
}

export const FEEDBACK = {
  title: "Quanto sono chiare le informazioni su questa pagina?",
  negativeQuestion: "Dove hai incontrato le maggiori difficoltà?",
  positiveQuestion: "Quali sono stati gli aspetti che hai preferito?",
  negativeAnswers: [
    "A volte le indicazioni non erano chiare",
    "A volte le indicazioni non erano complete",
    "A volte non capivo se stavo procedendo correttamente",
    "Ho avuto problemi tecnici",
    "Altro",
  ],
  positiveAnswers: [
    "Le indicazioni erano chiare",
    "Le indicazioni erano complete",
    "Capivo sempre che stavo procedendo correttamente",
    "Non ho avuto problemi tecnici",
    "Altro",
  ],
};

const norm = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * C.SI.2.5 / C.SI.2.6, `checkFeedbackComponent`: the component and its title; the free text; once a star is chosen,
 * both follow-up fieldsets with their questions and only the model's answers (the answers' text content: the checker
 * reads them from the DOM, hidden or not). With `clicks` (once per kind of page: the component is one and the same, so a walk
 * clicks it where its page kind first shows it, issue #40), every star i = 1..5, clicked twice, leaves both follow-ups
 * in the DOM and the right one visible (≤3 negative, ≥4 positive), waited for as it changes, never for the network.
 */
export async function expectFeedbackComponent(page: Page, options: { clicks: boolean } = { clicks: true }) {
  const feedback = page.locator('[data-element="feedback"]');
  await expect(feedback).toHaveCount(1);
  expect(norm(await feedback.locator('[data-element="feedback-title"]').innerText())).toBe(
    norm(FEEDBACK.title),
  );
  await expect(feedback.locator('[data-element="feedback-input-text"]')).toHaveCount(1);
  const positive = feedback.locator('[data-element="feedback-rating-positive"]');
  const negative = feedback.locator('[data-element="feedback-rating-negative"]');
  // Before a star is chosen the page carries no follow-up (they are rendered on the first click, as the checker
  // clicks before it looks for them).
  await expect(positive).toHaveCount(0);
  await expect(negative).toHaveCount(0);
  for (let i = 1; i <= 5; i++) {
    const star = feedback.locator(`[data-element="feedback-rate-${i}"]`);
    await expect(star).toHaveCount(1);
    // Without `clicks` one star is chosen (no post: the answers are only sent with "Invia"), to read the follow-ups.
    if (!options.clicks && i > 1) continue;
    await star.click();
    if (!options.clicks) continue;
    await star.click();
    await expect(positive, "both follow-ups stay in the DOM").toHaveCount(1);
    await expect(negative).toHaveCount(1);
    const [shown, hidden] = i <= 3 ? [negative, positive] : [positive, negative];
    await expect
      .poll(() => isVisibleForChecker(shown), `star ${i}: the right follow-up is visible`)
      .toBe(true);
    expect(await isVisibleForChecker(hidden), `star ${i}: the other follow-up is hidden`).toBe(false);
  }
  for (const [followUp, question, answers] of [
    [negative, FEEDBACK.negativeQuestion, FEEDBACK.negativeAnswers],
    [positive, FEEDBACK.positiveQuestion, FEEDBACK.positiveAnswers],
  ] as const) {
    await expect(followUp, "both follow-ups in the DOM once a star is chosen").toHaveCount(1);
    const asked = followUp.locator('[data-element="feedback-rating-question"]');
    expect(norm((await asked.textContent()) ?? "")).toBe(norm(question));
    const texts = await followUp.locator('[data-element="feedback-rating-answer"]').allTextContents();
    expect(texts.map(norm)).toEqual(answers.map(norm));
  }
  // The component in the model's order: title, the stars (Bootstrap Italia lists them 5 to 1), each follow-up,
  // then the free text.
  for (const star of ["feedback-rate-1", "feedback-rate-5"])
    for (const followUp of ["feedback-rating-positive", "feedback-rating-negative"])
      await expectDataElementOrder(feedback, ["feedback-title", star, followUp, "feedback-input-text"]);
}

/** The data-elements `names` are all inside `root` and their first occurrences come in this order. */
export async function expectDataElementOrder(root: Locator, names: string[]) {
  const positions = await root.evaluate((el, list) => {
    const all = [...el.querySelectorAll("[data-element]")];
    return list.map((n) => all.findIndex((e) => e.getAttribute("data-element") === n));
  }, names);
  const found = names.map((n, i) => `${n}@${positions[i]}`).join(", ");
  expect(
    positions.every((p) => p >= 0),
    `missing data-elements: ${found}`,
  ).toBe(true);
  expect(
    [...positions].sort((x, y) => x - y),
    `data-elements out of order: ${found}`,
  ).toEqual(positions);
}

/** Tabs until `target` has the focus (at most `max` presses); fails otherwise. */
export async function tabTo(page: Page, target: Locator, max = 60, key = "Tab") {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`focus never reached ${target.toString()} with ${max} × ${key}`);
}
