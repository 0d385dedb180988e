import type { Locator, Page } from "@playwright/test";
import { test, expect, tenantUrl } from "./fixtures.ts";
import { BOOKING, expectStep, uniqueEmail, untilMonthChanges } from "./appointments-support.ts";

// Office 11, month+2, 5th free day: no other test books there.

/** Presses Tab until `target` has the focus (fails after `limit` presses). */
async function tabTo(page: Page, target: Locator, limit = 120) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("the element never got the focus");
}

async function pressOn(page: Page, target: Locator, key: string) {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

test("the whole booking can be done with the keyboard alone", async ({ page }) => {
  // A long journey: give it room on a busy machine.
  test.slow();
  await page.goto(tenantUrl("comune-a", BOOKING));
  await expectStep(page, "Luogo", 1);
  await tabTo(page, page.getByLabel(/^Categoria/));
  await page.keyboard.press("ArrowDown"); // first category: Anagrafe e stato civile
  await expect(page).toHaveURL(/categoria=1/);
  await tabTo(page, page.getByLabel(/^Ufficio/));
  await page.keyboard.press("ArrowDown"); // first office
  await expect(page.getByLabel(/^Ufficio/)).toHaveValue("11");
  await pressOn(page, page.getByRole("button", { name: "Avanti" }), "Enter");

  await expectStep(page, "Data e orario", 2);
  const nextMonth = page.getByRole("link", { name: "Mese successivo" });
  for (let month = 0; month < 2; month++) {
    await untilMonthChanges(page, () => pressOn(page, nextMonth, "Enter"));
    // The new month is said, and the focus stays on the link for the next press.
    await expect(page.getByRole("status").filter({ hasText: /giorn[oi] disponibil/ })).toHaveText(
      /^[a-z]+ \d{4}: (\d+ giorni disponibili|1 giorno disponibile)$/,
    );
    await expect(nextMonth).toBeFocused();
  }
  await pressOn(page, page.getByRole("table").getByRole("link").nth(4), "Enter");
  await expect(page).toHaveURL(/giorno=/);
  // The chosen day's times come next: the focus is on them, named by the day.
  await expect(
    page.getByRole("region", { name: /^Orari disponibili [a-zì]+ \d+ [a-z]+ \d{4}$/ }),
  ).toBeFocused();
  await tabTo(page, page.getByRole("radio").first());
  await page.keyboard.press("ArrowRight"); // the second time of the day
  await expect(page.getByRole("radio").nth(1)).toBeChecked();
  await pressOn(page, page.getByRole("button", { name: "Avanti" }), "Enter");

  await expectStep(page, "Dettagli appuntamento", 3);
  await tabTo(page, page.getByLabel(/^Motivo/));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(/^Dettagli/)).toBeFocused();
  await page.keyboard.type("Prenotato con la sola tastiera");
  await pressOn(page, page.getByRole("button", { name: "Avanti" }), "Enter");

  await expectStep(page, "Richiedente", 4);
  await tabTo(page, page.getByLabel(/^Nome/));
  await page.keyboard.type("Piero");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Tasti");
  await page.keyboard.press("Tab");
  await page.keyboard.type(uniqueEmail("tastiera"));
  await pressOn(page, page.getByRole("button", { name: "Avanti" }), "Enter");

  await expectStep(page, "Riepilogo", 5);
  await expect(page.getByText("Prenotato con la sola tastiera")).toBeVisible();
  await pressOn(page, page.getByLabel(/Ho letto e compreso/), "Space");
  await expect(page.getByLabel(/Ho letto e compreso/)).toBeChecked();
  await pressOn(page, page.getByRole("button", { name: "Conferma e invia" }), "Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appuntamento confermato");
});
