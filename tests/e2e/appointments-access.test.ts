import { test, expect, tenantUrl, expectAccessible, loginAs } from "./fixtures.ts";
import { BOOKING, expectStep } from "./appointments-support.ts";

test("comune-b (appointments not public): an anonymous visitor is asked to log in and comes back into the flow", async ({
  page,
}) => {
  const response = await page.goto(tenantUrl("comune-b", BOOKING));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prenotazione appuntamento");
  await expect(page.getByRole("heading", { name: "Accedi per prenotare un appuntamento" })).toBeVisible();
  await expect(page.getByText("401")).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("main").getByRole("link", { name: "Accedi all'area personale" }).click();
  await loginAs(page, "Mario Rossi");
  await expect(page).toHaveURL(tenantUrl("comune-b", BOOKING));
  await expectStep(page, "Luogo", 1);
  await expect(page.getByLabel(/^Categoria/).locator("option")).toContainText(["Servizi demografici"]);
  await expectAccessible(page);
});

test("a tampered flow cookie restarts the booking at step 1 with a clear message", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "flow_booking", value: "manomesso", url: tenantUrl("comune-a") }]);
  await page.goto(tenantUrl("comune-a", `${BOOKING}?passo=riepilogo`));
  await expect(page).toHaveURL(tenantUrl("comune-a", `${BOOKING}?passo=luogo&avviso=ricominciato`));
  await expect(page.getByRole("heading", { name: "Prenotazione ricominciata" })).toBeVisible();
  await expectStep(page, "Luogo", 1);
  const cookies = await context.cookies(tenantUrl("comune-a"));
  expect(cookies.find((cookie) => cookie.name === "flow_booking")).toBeUndefined();
  await expectAccessible(page);
});

test("malformed and unknown links get clear pages", async ({ page }) => {
  const malformed = await page.goto(tenantUrl("comune-a", "/servizi/modifica-appuntamento/abc"));
  expect(malformed?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link non valido");
  await expectAccessible(page);
  const unknown = await page.goto(tenantUrl("comune-a", `/servizi/modifica-appuntamento/${"Z".repeat(32)}`));
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appuntamento non trovato o scaduto");
  await expect(page).toHaveTitle("Appuntamento non trovato o scaduto - Comune di Valverde");
  const success = await page.goto(
    tenantUrl("comune-a", `/servizi/modifica-appuntamento/successo/${"Z".repeat(32)}`),
  );
  expect(success?.status()).toBe(404);
  // An anonymous visitor cannot read an appointment by id without the proof kept by the browser that booked it.
  const byId = await page.goto(tenantUrl("comune-a", "/servizi/prenotazione-appuntamento/successo/1001"));
  expect(byId?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appuntamento non trovato");
  const ics = await page.goto(tenantUrl("comune-a", "/servizi/prenotazione-appuntamento/calendario/1001"));
  expect(ics?.status()).toBe(404);
});
