import type { Browser, Page } from "@playwright/test";
import { test, expect, tenantUrl, expectAccessible } from "./fixtures.ts";
import {
  BOOKING,
  choosePlace,
  dayLinks,
  expectStep,
  fillDetails,
  fillRequester,
  next,
  uniqueEmail,
} from "./appointments-support.ts";

// Office 13 (one place per slot) has exactly one free slot on its first open day: the only test that books there.

async function reachSummary(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(tenantUrl("comune-a", BOOKING));
  await choosePlace(page, "Tributi", "Ufficio Tributi");
  await next(page);
  // The office's first open day after today has exactly one free time left.
  for (let index = 0; ; index++) {
    await dayLinks(page).nth(index).click();
    await expect(page.getByRole("radio").first()).toBeAttached();
    if ((await page.getByRole("radio").count()) === 1) break;
    expect(index, "a day with a single free slot").toBeLessThan(3);
  }
  await page.locator('label[for="orario-0"]').click();
  await next(page);
  await fillDetails(page, "TARI", `Richiesta di ${name}`);
  await next(page);
  await fillRequester(page, { nome: name, cognome: "Prova", email: uniqueEmail(name.toLowerCase()) });
  await next(page);
  await expectStep(page, "Riepilogo", 5);
  await page.locator('label[for="privacy"]').click();
  return { context, page };
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
  const first = await reachSummary(browser, "Alice");
  const second = await reachSummary(browser, "Bruno");
  await Promise.all([
    first.page.getByRole("button", { name: "Conferma e invia" }).click(),
    second.page.getByRole("button", { name: "Conferma e invia" }).click(),
  ]);
  const [firstOutcome, secondOutcome] = await Promise.all([outcome(first.page), outcome(second.page)]);
  expect([firstOutcome, secondOutcome].sort()).toEqual(["booked", "bounced"]);
  const { page } = firstOutcome === "bounced" ? first : second;
  const name = firstOutcome === "bounced" ? "Alice" : "Bruno";
  await expectStep(page, "Data e orario", 2);
  await expect(page.getByRole("heading", { name: "Correggi i seguenti errori" })).toBeVisible();
  await expect(
    page.getByText("In questo giorno non ci sono più orari liberi: scegli un altro giorno."),
  ).toBeVisible();
  await expectAccessible(page);
  // Another day and time: straight back to the summary, with the details and the requester kept.
  await dayLinks(page).nth(2).click();
  await page.locator('label[for="orario-0"]').click();
  await next(page);
  await expectStep(page, "Riepilogo", 5);
  await expect(page.getByText(`Richiesta di ${name}`)).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await page.locator('label[for="privacy"]').click();
  await next(page, "Conferma e invia");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appuntamento confermato");
  await first.context.close();
  await second.context.close();
});
