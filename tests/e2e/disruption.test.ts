import type { Locator } from "@playwright/test";
import { expect, expectAccessible, screenshotForReview, test } from "./fixtures.ts";
import {
  acceptPolicy,
  expectTiles,
  fillIssue,
  map,
  phonePhoto,
  PHOTO,
  sendAndCheck,
  start,
  TOWNS,
} from "./disruption-support.ts";

// The disruption report (DISSERVIZIO_CRM): Giulia Bianchi's reports only (reset first), on both municipalities.
for (const tenant of ["comune-a", "comune-b"] as const) {
  test(`${tenant}: a report placed by clicking the map, with a photo`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await start(page, tenant);
    await screenshotForReview(page, `${tenant}-1280-autorizzazioni`);
    await acceptPolicy(page);
    await expectTiles(page);
    await expect(map(page).locator(".leaflet-control-attribution")).toContainText("Mappa dimostrativa");
    const box = (await map(page).boundingBox())!;
    await map(page).click({ position: { x: box.width / 2 + 30, y: box.height / 2 + 20 } });
    await expect(page.getByLabel("Cerca un luogo")).toHaveValue(new RegExp(`, ${TOWNS[tenant].town}$`));
    await expect(map(page).getByRole("img", { name: "Luogo del disservizio" })).toBeVisible();
    await fillIssue(page, tenant, "Segnalazione dalla mappa");
    await expectAccessible(page);
    await screenshotForReview(page, `${tenant}-1280-dati`);
    await sendAndCheck(page, tenant, "Segnalazione dalla mappa", `${tenant}-1280-mappa`);
  });

  test(`${tenant}: a report by typing an address, with a photo${tenant === "comune-b" ? " (390 px)" : ""}`, async ({
    page,
  }) => {
    if (tenant === "comune-b") await page.setViewportSize({ width: 390, height: 844 });
    await start(page, tenant);
    await acceptPolicy(page);
    await expectTiles(page);
    await page.getByLabel("Cerca un luogo").fill(TOWNS[tenant].search);
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    // What was found is said and focused (the list's heading), the chosen address then focused in its field: the
    // focus never falls to the page's body while the results come and go.
    await expect(page.getByRole("status").getByText(/indirizz[oi] trovat[oi]/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Risultati della ricerca" })).toBeFocused();
    await page.getByRole("button", { name: TOWNS[tenant].result }).click();
    await expect(page.getByLabel("Cerca un luogo")).toBeFocused();
    await expect(page.getByLabel("Cerca un luogo")).toHaveValue(TOWNS[tenant].result);
    await expect(page.getByRole("status").getByText(`Luogo scelto: ${TOWNS[tenant].result}`)).toBeVisible();
    // The photo a phone takes (over 2 MB): made smaller in the browser, held and sent as a JPEG the field accepts.
    const photo = phonePhoto();
    expect(photo.buffer.length).toBeGreaterThan(3 * 1024 * 1024);
    await fillIssue(page, tenant, "Segnalazione da indirizzo", photo);
    const upload = page.locator(".file-upload");
    await expect(
      upload.getByText(
        /File scelto, da inviare: lampione\.jpg \(\d+(,\d)? (KB|MB), foto ridotta da 3,\d MB per l'invio\)$/,
      ),
    ).toBeVisible();
    await expect(upload.getByRole("alert")).toHaveCount(0);
    await expectAccessible(page);
    if (tenant === "comune-b") await screenshotForReview(page, "comune-b-390-dati");
    await sendAndCheck(page, tenant, "Segnalazione da indirizzo", `${tenant}-indirizzo`, "lampione.jpg");
  });
}

test("comune-b: keyboard only, the map's centre as the place", async ({ page }) => {
  await start(page, "comune-b");
  const tabTo = async (target: Locator) => {
    for (let i = 0; i < 80; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press("Tab");
    }
    throw new Error("not reachable with Tab");
  };
  await tabTo(page.getByLabel("Ho letto e compreso l'informativa sulla privacy"));
  await page.keyboard.press("Space");
  await tabTo(page.getByRole("button", { name: "Avanti" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Dati di segnalazione" })).toBeFocused();
  await expectTiles(page);
  await tabTo(map(page));
  await page.keyboard.press("ArrowRight");
  await tabTo(page.getByRole("button", { name: "Usa il centro della mappa" }));
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Cerca un luogo")).toHaveValue(/, Montealto$/);
  await tabTo(page.getByLabel("Tipo di disservizio"));
  await page.keyboard.press("ArrowDown");
  await tabTo(page.getByLabel("Titolo"));
  await page.keyboard.type("Da tastiera");
  await tabTo(page.getByLabel("Dettagli"));
  await page.keyboard.type("Segnalazione fatta solo con la tastiera.");
  await tabTo(page.getByRole("button", { name: "Avanti" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Riepilogo" })).toBeFocused();
  await tabTo(page.getByRole("button", { name: "Invia" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Segnalazione inviata" })).toBeVisible();
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("comune-a: the address search on the server, then the whole report", async ({ page }) => {
    await start(page, "comune-a", false);
    await acceptPolicy(page);
    await expect(map(page)).toHaveCount(0);
    await page.getByLabel("Titolo").fill("Senza JavaScript");
    await page.getByLabel("Cerca un luogo").fill("Via Roma Valverde");
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    await expect(page.getByRole("radio", { name: "Via Roma 12, Valverde" })).toBeChecked();
    await expect(page.getByLabel("Titolo")).toHaveValue("Senza JavaScript");
    await screenshotForReview(page, "comune-a-nojs-risultati");
    await page.getByLabel("Tipo di disservizio").selectOption({ label: TOWNS["comune-a"].category });
    await page.getByLabel("Dettagli").fill("Segnalato senza JavaScript.");
    await page.getByLabel("Immagini e documenti").setInputFiles(PHOTO);
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Riepilogo" })).toBeVisible();
    await expect(page.getByText("Via Roma 12, Valverde")).toBeVisible();
    await expect(page.getByText("foto.png")).toBeVisible();
    await page.getByRole("button", { name: "Invia" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Segnalazione inviata" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Scarica la ricevuta" })).toBeVisible();
  });
});
