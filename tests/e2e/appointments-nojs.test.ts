import { test, expect, tenantUrl } from "./fixtures.ts";
import {
  BOOKING,
  dayLinks,
  expectStep,
  fillDetails,
  fillRequester,
  icsDateTime,
  next,
  openMailboxLink,
  readIcs,
  uniqueEmail,
  untilMonthChanges,
} from "./appointments-support.ts";

// Office 12 (virtual desk), month+1: no other test books there. axe needs JavaScript in the page, so the
// accessibility of these pages is checked by the other journeys (same markup, plus the no-JS cancel section).

test("the whole booking, the calendar file and the cancellation work without JavaScript", async ({
  browser,
}) => {
  // A long journey: give it room on a busy machine.
  test.slow();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = uniqueEmail("senzajs");
  await page.goto(tenantUrl("comune-a", BOOKING));
  await expectStep(page, "Luogo", 1);
  // Two-stage form: the category, "Mostra uffici", then the office.
  await expect(page.getByLabel(/^Ufficio/)).toHaveCount(0);
  await page.getByLabel(/^Categoria/).selectOption({ label: "Anagrafe e stato civile" });
  await page.getByRole("button", { name: "Mostra uffici" }).click();
  await expect(page).toHaveURL(/passo=luogo&categoria=1/);
  await page.getByLabel(/^Ufficio/).selectOption({ label: "Sportello virtuale Stato civile" });
  await next(page);

  await expectStep(page, "Data e orario", 2);
  await expect(page.getByText("Sportello virtuale (videochiamata)").first()).toBeVisible();
  await untilMonthChanges(page, () => page.getByRole("link", { name: "Mese successivo" }).click());
  const link = dayLinks(page).nth(4);
  const day = new URL((await link.getAttribute("href"))!, "http://x").searchParams.get("giorno")!;
  await link.click();
  const time = (await page.getByRole("radio").first().getAttribute("value"))!;
  await page.locator('label[for="orario-0"]').click();
  await next(page);

  await expectStep(page, "Dettagli appuntamento", 3);
  await fillDetails(page, "Unioni civili", "x".repeat(150));
  // The browser keeps the text within 200 characters; the server checks again when that limit is bypassed.
  await page.getByLabel(/^Dettagli/).evaluate((element) => element.removeAttribute("maxlength"));
  await page.getByLabel(/^Dettagli/).fill("y".repeat(201));
  await next(page);
  await expect(page.locator("#dettagli-error")).toHaveText("Inserisci al massimo 200 caratteri");
  await expect(page.getByLabel(/^Motivo/).locator("option:checked")).toHaveText("Unioni civili");
  await expect(page.getByLabel(/^Dettagli/)).toHaveValue("y".repeat(201));
  await page.getByLabel(/^Dettagli/).fill("Documenti per l'unione civile");
  await next(page);

  await expectStep(page, "Richiedente", 4);
  await fillRequester(page, { nome: "Marta", cognome: "Sala", email });
  await next(page);

  await expectStep(page, "Riepilogo", 5);
  await next(page, "Conferma e invia");
  await expect(page.locator("#privacy-error")).toBeVisible();
  await page.locator('label[for="privacy"]').click();
  await next(page, "Conferma e invia");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appuntamento confermato");
  await expect(page.getByText(/^Link della videochiamata: https:\/\/videochiamata\./)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Scarica il file del calendario/ }).click(),
  ]);
  const ics = await readIcs(download);
  expect(ics.get("DTSTART;TZID=Europe/Rome")).toBe(icsDateTime(day, time));
  expect(ics.get("LOCATION")).toBe("Sportello virtuale (videochiamata)");
  expect(ics.get("URL;VALUE=URI")).toMatch(/^https:\/\/videochiamata\.comune\.valverde\.it\/stato-civile\//);
  expect(ics.get("SUMMARY")).toBe("Appuntamento: Sportello virtuale Stato civile");

  // Cancel through the e-mailed link: without JavaScript the confirmation is a section of the page.
  await openMailboxLink(page, "comune-a", email, "Conferma prenotazione appuntamento");
  await page.getByRole("link", { name: "Annulla appuntamento" }).click();
  await expect(page).toHaveURL(/annulla=1#annullamento/);
  await expect(page.getByRole("heading", { name: "Annulla appuntamento" })).toBeVisible();
  await page.getByRole("button", { name: "Sì, annulla l'appuntamento" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appuntamento annullato");
  await context.close();
});
