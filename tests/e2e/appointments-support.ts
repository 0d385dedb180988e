import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";
import { expect, expectAccessible, SANDBOX_URL, TENANTS, tenantUrl, type TenantId } from "./fixtures.ts";
import { PORTAL_PORT } from "../../playwright.config.ts";

export const BOOKING = "/servizi/prenotazione-appuntamento";

/** A unique address per test run, so mailbox look-ups never see another test's e-mails. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.it`;
}

export async function expectStep(page: Page, title: string, index: number) {
  await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  await expect(page.locator(".steppers-index")).toHaveText(`${index}/5`);
  await expect(page.locator(".steppers-header li.active")).toContainText(title);
}

/**
 * Submits the step and waits until its answer is on the page, so that no second click lands on the same step. The
 * response alone does not tell: React Router renders what follows it in a transition, and on a busy machine the
 * spinner had not even appeared when the response arrived. Sent by React Router (a fetch), the answer is on the page
 * once the focus has left the button for what the answer shows: the next step's heading, the error summary or the
 * page reached, each made focusable with `tabindex="-1"`. Sent by the browser (no JavaScript), it is a new page.
 */
export async function next(page: Page, name = "Avanti") {
  const answered = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name, exact: true }).click();
  const response = await answered;
  if (response.request().resourceType() === "fetch")
    await expect(page.locator(":focus")).toHaveAttribute("tabindex", "-1");
  await expect(page.locator(".navigation-spinner .progress-spinner-active")).toHaveCount(0);
}

/** Step 1 with JavaScript: choosing the category loads its offices at once. */
export async function choosePlace(page: Page, category: string, office: string) {
  await page.getByLabel(/^Categoria/).selectOption({ label: category });
  await expect(page.getByLabel(/^Ufficio/)).toBeVisible();
  await page.getByLabel(/^Ufficio/).selectOption({ label: office });
  await expect(page.locator(".card-title", { hasText: office })).toBeVisible();
}

/** The calendar's selectable days. */
export function dayLinks(page: Page): Locator {
  return page.getByRole("table").getByRole("link");
}

export type ChosenSlot = { dayLabel: string; day: string; time: string };

/** The upstream host of comune-a: the sandbox resolves the municipality from X-Forwarded-Host, like the BFF. */
const VALVERDE_UPSTREAM = TENANTS["comune-a"].upstreamHost;

/** A calendar day "yyyy-MM-dd" in Rome, `offset` days from today. */
export function romeDay(offset = 0): string {
  const date = new Date(Date.now() + offset * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(date);
}

/** The free times of an office of comune-a on a day, asked of the sandbox directly. */
export async function sandboxFreeTimes(officeId: string, day: string): Promise<string[]> {
  const res = await fetch(
    `${SANDBOX_URL}/api-public/appsched/services/${officeId}/availabilities?date=${day}`,
    { headers: { "X-Forwarded-Host": VALVERDE_UPSTREAM } },
  );
  expect(res.status, `availabilities of ${day}`).toBe(200);
  return (await res.json()) as string[];
}

/** Books a place at an office of comune-a straight through the sandbox's public API (test set-up). */
export async function sandboxBook(officeId: string, day: string, time: string, notes: string) {
  const res = await fetch(`${SANDBOX_URL}/api-public/appsched/appointments`, {
    method: "POST",
    headers: { "X-Forwarded-Host": VALVERDE_UPSTREAM, "Content-Type": "application/json" },
    body: JSON.stringify({
      book: new Date().toISOString(),
      start: `${day} ${time}:00`,
      notes,
      customer: { firstName: "Posto", lastName: "Occupato", email: uniqueEmail("occupato") },
      providerId: "any-provider",
      serviceId: officeId,
    }),
  });
  expect(res.status, `booking ${day} ${time}`).toBe(201);
}

/**
 * Data e orario: opens `day` in the calendar (moving on month by month until its link shows) and waits until the
 * page shows that very day's times, so nothing read afterwards belongs to the day shown before.
 */
export async function openDay(page: Page, day: string): Promise<Locator> {
  const link = page.getByRole("table").locator(`a[href*="giorno=${day}"]`);
  for (let month = 0; (await link.count()) === 0; month++) {
    expect(month, `the month of ${day} in the calendar`).toBeLessThan(7);
    await untilMonthChanges(page, () => page.getByRole("link", { name: "Mese successivo" }).click());
  }
  await link.click();
  await expect(page).toHaveURL(new RegExp(`giorno=${day}`));
  await expect(page.locator('input[name="giorno"]')).toHaveValue(day);
  await expect(link).toHaveAttribute("aria-current", "date");
  return page.getByRole("group", { name: /^Orari disponibili/ }).getByRole("radio");
}

/**
 * Data e orario: `monthsAhead` clicks on "Mese successivo", then the `dayIndex`-th free day and its `timeIndex`-th
 * free time. Tests pick different days so that two of them running at once never compete for a slot.
 */
export async function chooseSlot(
  page: Page,
  monthsAhead: number,
  dayIndex: number,
  timeIndex = 0,
): Promise<ChosenSlot> {
  for (let month = 0; month < monthsAhead; month++) {
    const nextMonth = page.getByRole("link", { name: "Mese successivo" });
    const target = new URL((await nextMonth.getAttribute("href"))!, "http://x").searchParams.get("mese")!;
    await untilMonthChanges(page, () => nextMonth.click());
    // The days shown must be the new month's before one is picked.
    await expect(dayLinks(page).first()).toHaveAttribute("href", new RegExp(`giorno=${target}-`));
  }
  const href = (await dayLinks(page).nth(dayIndex).getAttribute("href"))!;
  const day = new URL(href, "http://x").searchParams.get("giorno")!;
  // Click the very day that was read (by its href), even if the calendar re-rendered in between.
  await page.locator(`a[href*="giorno=${day}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`giorno=${day}`));
  const radios = page.getByRole("radio");
  await expect(page.getByRole("group", { name: /^Orari disponibili/ })).toBeVisible();
  const time = (await radios.nth(timeIndex).getAttribute("value"))!;
  await page.locator(`label[for="orario-${timeIndex}"]`).click();
  await expect(radios.nth(timeIndex)).toBeChecked();
  const dayLabel = (
    await page.getByRole("group").filter({ has: radios.first() }).locator("legend").innerText()
  ).replace("Orari disponibili ", "");
  return { day, time, dayLabel };
}

/** Runs `action` (a click or key press on a month link) and waits until the calendar shows another month. */
export async function untilMonthChanges(page: Page, action: () => Promise<unknown>) {
  const title = page.locator("#calendario");
  // The text as `toHaveText` reads it: `innerText` applies the title's `text-capitalize` ("Novembre" for
  // "novembre"), so the wait passed at once and `openDay` clicked on through the months past the day it looked for.
  const before = (await title.textContent()) ?? "";
  await action();
  await expect(title).not.toHaveText(before);
}

export async function fillDetails(page: Page, reason: string | null, details: string) {
  if (reason) await page.getByLabel(/^Motivo/).selectOption({ label: reason });
  await page.getByLabel(/^Dettagli/).fill(details);
}

export async function fillRequester(
  page: Page,
  values: { nome: string; cognome: string; email: string; cf?: string },
) {
  await page.getByLabel(/^Nome/).fill(values.nome);
  await page.getByLabel(/^Cognome/).fill(values.cognome);
  await page.getByLabel(/^Email/).fill(values.email);
  if (values.cf !== undefined) await page.getByLabel(/^Codice fiscale/).fill(values.cf);
}

export async function acceptPrivacyAndConfirm(page: Page) {
  await page.locator('label[for="privacy"]').click();
  await expect(page.getByLabel(/Ho letto e compreso l'informativa sulla privacy/)).toBeChecked();
  await next(page, "Conferma e invia");
}

/** "yyyy-MM-dd" + "HH:mm" → the ICS local date-time "yyyyMMddTHHmmss". */
export function icsDateTime(day: string, time: string): string {
  return `${day.replaceAll("-", "")}T${time.replace(":", "")}00`;
}

/** The unfolded content lines of an .ics file, by property name (with parameters). */
export async function readIcs(download: Download): Promise<Map<string, string>> {
  const text = await readFile((await download.path())!, "utf8");
  expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n");
  const event = lines.slice(lines.indexOf("BEGIN:VEVENT"), lines.indexOf("END:VEVENT"));
  return new Map(event.map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1)]));
}

/** The link of the newest sandbox e-mail sent to `to`, made absolute for the portal of `tenant`. */
export async function openMailboxLink(page: Page, tenant: TenantId, to: string, subject: string) {
  const portal = `http://${tenant}.localhost:${PORTAL_PORT}`;
  await page.goto(
    `${SANDBOX_URL}/__sandbox/mailbox?portal=${encodeURIComponent(portal)}&to=${encodeURIComponent(to)}`,
  );
  const mail = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: subject }) })
    .first();
  await expect(mail).toContainText(to);
  await mail.getByRole("link", { name: /\/servizi\/modifica-appuntamento\// }).click();
  await expect(page).toHaveURL(new RegExp(`^${tenantUrl(tenant, "/servizi/modifica-appuntamento/")}`));
}

export { expectAccessible };
