import {
  test,
  expect,
  tenantUrl,
  expectAccessible,
  loginAs,
  resetCitizen,
  screenshotForReview,
  CITIZENS,
} from "./fixtures.ts";

const ANNA = CITIZENS["Anna Esposito"];

// Anna's favourites: 101 and 104 on comune-a, 202 on comune-b. Each test starts from them.
const cases = {
  "comune-a": {
    favourites: ["Carta d'identità elettronica", "Pagamento TARI"],
    added: "Diritti di segreteria",
  },
  "comune-b": { favourites: ["Certificati online"], added: "Multe e sanzioni" },
} as const;

for (const tenant of ["comune-a", "comune-b"] as const) {
  test(`${tenant}: Anna adds a favourite, sees it among the first, and removes it`, async ({ page }) => {
    await resetCitizen(ANNA);
    const { favourites, added } = cases[tenant];
    await page.goto(tenantUrl(tenant, "/area-personale/servizi"));
    await loginAs(page, "Anna Esposito");
    await expect(page.getByRole("heading", { level: 2, name: "Servizi" })).toBeVisible();
    const titles = page.locator('[data-element="service-link"]');
    await expect(titles.nth(favourites.length - 1)).toHaveText(favourites.at(-1)!);
    expect((await titles.allTextContents()).slice(0, favourites.length)).toEqual([...favourites]);
    await expectAccessible(page);

    await page.getByRole("button", { name: `Aggiungi ai preferiti ${added}` }).click();
    await expect(page.getByRole("button", { name: `Rimuovi dai preferiti ${added}` })).toBeVisible();
    expect((await titles.allTextContents()).slice(0, favourites.length + 1)).toEqual([...favourites, added]);
    // A word of it, at the service's card (issue #40).
    const card = page.locator('li[id^="servizio-"]').filter({ hasText: added });
    await expect(card.getByRole("status")).toHaveText("Aggiunto ai preferiti");

    await page.getByRole("button", { name: `Rimuovi dai preferiti ${added}` }).click();
    await expect(page.getByRole("button", { name: `Aggiungi ai preferiti ${added}` })).toBeVisible();
    await expect(card.getByRole("status")).toHaveText("Rimosso dai preferiti");
    expect((await titles.allTextContents()).slice(0, favourites.length + 1)).not.toContain(added);

    // Each card leads to the service's page.
    await titles.first().click();
    await expect(page).toHaveURL(/\/servizi\/\d+$/);
  });
}

test("the search keeps itself across a toggle", async ({ page }) => {
  await resetCitizen(ANNA);
  await page.goto(tenantUrl("comune-a", "/area-personale/servizi"));
  await loginAs(page, "Anna Esposito");
  await page.getByLabel("Cerca un servizio per nome").fill("residenza");
  await page.getByLabel("Cerca un servizio per nome").press("Enter");
  await expect(page).toHaveURL(/\?q=residenza/);
  await expect(page.getByRole("status").filter({ hasText: /servizi/ })).toHaveText("1 servizio");
  await page.getByRole("button", { name: "Aggiungi ai preferiti Cambio di residenza" }).click();
  await expect(page.getByRole("button", { name: "Rimuovi dai preferiti Cambio di residenza" })).toBeVisible();
  await expect(page).toHaveURL(/\?q=residenza/);
  await expect(page.getByLabel("Cerca un servizio per nome")).toHaveValue("residenza");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the favourite toggle is a plain form post", async ({ page }) => {
    await resetCitizen(ANNA);
    await page.goto(tenantUrl("comune-a", "/area-personale/servizi"));
    await loginAs(page, "Anna Esposito");
    await page.getByRole("button", { name: "Aggiungi ai preferiti Cambio di residenza" }).click();
    await expect(
      page.getByRole("button", { name: "Rimuovi dai preferiti Cambio di residenza" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Rimuovi dai preferiti Cambio di residenza" }).click();
    await expect(
      page.getByRole("button", { name: "Aggiungi ai preferiti Cambio di residenza" }),
    ).toBeVisible();
    await screenshotForReview(page, "personal-area-services-1280");
  });
});
