import type { Browser, Page } from "@playwright/test";
import { test, expect, tenantUrl, expectAccessible } from "./fixtures.ts";
import {
  BOOKING,
  choosePlace,
  expectStep,
  fillDetails,
  fillRequester,
  next,
  openDay,
  romeDay,
  sandboxBook,
  sandboxFreeTimes,
  uniqueEmail,
} from "./appointments-support.ts";

// Office 13 (Ufficio Tributi, one place per slot) is booked only by this test. The seed leaves its first open day
// after today with a single free time; the test never relies on finding it by looking around the calendar.
const OFFICE = "13";

type Slot = { day: string; time: string };

/**
 * The slot the two citizens race for: the last free time of the office's first open day after today (never today:
 * its times pass while the test runs, which once made the citizens pick different slots). On a fresh sandbox that is
 * the seeded nearly full day; when the sandbox already saw a run (a retry keeps the first attempt's bookings) the
 * next day with free times is filled through the API up to its last time.
 */
async function prepareLastPlace(): Promise<Slot> {
  for (let offset = 1; offset <= 60; offset++) {
    const day = romeDay(offset);
    const times = await sandboxFreeTimes(OFFICE, day);
    if (times.length === 0) continue;
    for (const time of times.slice(0, -1))
      await sandboxBook(OFFICE, day, time, "(7) IMU - Posto già occupato");
    expect(await sandboxFreeTimes(OFFICE, day)).toEqual(times.slice(-1));
    return { day, time: times.at(-1)! };
  }
  throw new Error("Ufficio Tributi has no free time in the next 60 days");
}

/** A citizen reaches the summary with exactly `slot`, checked on the page before going on. */
async function reachSummary(browser: Browser, name: string, slot: Slot) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(tenantUrl("comune-a", BOOKING));
  await choosePlace(page, "Tributi", "Ufficio Tributi");
  await next(page);
  await expectStep(page, "Data e orario", 2);
  const radios = await openDay(page, slot.day);
  await expect(radios).toHaveCount(1);
  await expect(radios.first()).toHaveAttribute("value", slot.time);
  await page.locator('label[for="orario-0"]').click();
  await expect(radios.first()).toBeChecked();
  await next(page);
  await fillDetails(page, "TARI", `Richiesta di ${name}`);
  await next(page);
  await fillRequester(page, { nome: name, cognome: "Prova", email: uniqueEmail(name.toLowerCase()) });
  await next(page);
  await expectStep(page, "Riepilogo", 5);
  await page.locator('label[for="privacy"]').click();
  return { context, page, when: await summaryWhen(page) };
}

/** The "Data e orario" line of the summary. */
async function summaryWhen(page: Page): Promise<string> {
  const card = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Data e orario" }) });
  return (await card.innerText()).replace(/\s+/g, " ").trim();
}

async function outcome(page: Page): Promise<"booked" | "bounced"> {
  const booked = page.getByRole("heading", { level: 1, name: "Appuntamento confermato" });
  const bounced = page.getByText("L'orario scelto non è più disponibile: scegline un altro.").first();
  await expect(booked.or(bounced)).toBeVisible();
  return (await booked.isVisible()) ? "booked" : "bounced";
}

test("two citizens confirm the last slot at once: one books it, the other is sent back to the date with the rest kept", async ({
  browser,
}) => {
  // A long journey: give it room on a busy machine.
  test.slow();
  const slot = await prepareLastPlace();
  const first = await reachSummary(browser, "Alice", slot);
  const second = await reachSummary(browser, "Bruno", slot);
  // Both are about to confirm the very same day and time, the only one left.
  expect(first.when).toContain(slot.time);
  expect(second.when).toBe(first.when);
  expect(await sandboxFreeTimes(OFFICE, slot.day)).toEqual([slot.time]);
  await Promise.all([
    first.page.getByRole("button", { name: "Conferma e invia" }).click(),
    second.page.getByRole("button", { name: "Conferma e invia" }).click(),
  ]);
  const [firstOutcome, secondOutcome] = await Promise.all([outcome(first.page), outcome(second.page)]);
  expect([firstOutcome, secondOutcome].sort()).toEqual(["booked", "bounced"]);
  expect(await sandboxFreeTimes(OFFICE, slot.day)).toEqual([]);
  const { page } = firstOutcome === "bounced" ? first : second;
  const name = firstOutcome === "bounced" ? "Alice" : "Bruno";
  await expectStep(page, "Data e orario", 2);
  await expect(page).toHaveURL(new RegExp(`giorno=${slot.day}`));
  await expect(page.getByRole("heading", { name: "Correggi i seguenti errori" })).toBeVisible();
  await expect(
    page.getByText("In questo giorno non ci sono più orari liberi: scegli un altro giorno."),
  ).toBeVisible();
  await expectAccessible(page);
  // Another day and time: straight back to the summary, with the details and the requester kept.
  let other: Slot | null = null;
  for (let offset = 1; offset <= 60 && !other; offset++) {
    const day = romeDay(offset);
    if (day === slot.day) continue;
    const [time] = await sandboxFreeTimes(OFFICE, day);
    if (time) other = { day, time };
  }
  expect(other, "another free day").not.toBeNull();
  const radios = await openDay(page, other!.day);
  await expect(radios.first()).toHaveAttribute("value", other!.time);
  await page.locator('label[for="orario-0"]').click();
  await expect(radios.first()).toBeChecked();
  await next(page);
  await expectStep(page, "Riepilogo", 5);
  await expect(page.getByText(`Richiesta di ${name}`)).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  expect(await summaryWhen(page)).toContain(other!.time);
  await page.locator('label[for="privacy"]').click();
  await next(page, "Conferma e invia");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appuntamento confermato");
  await first.context.close();
  await second.context.close();
});
