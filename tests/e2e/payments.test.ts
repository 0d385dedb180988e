import { seedIuv } from "#sandbox/ppay/positions.ts";
import {
  test,
  expect,
  tenantUrl,
  expectAccessible,
  loginAs,
  resetCitizen,
  screenshotForReview,
  waitForHydration,
} from "./fixtures.ts";
import {
  acceptPrivacy,
  ANNA,
  expectPdfDownload,
  MARIO,
  payFromActivities,
  payments,
} from "./payments-support.ts";

// PPAY debt positions (sandbox/ppay): Anna and Mario have paid, unpaid (one expired) and cancelled positions on
// comune-a and comune-b. Paying goes through the sandbox's pagoPA checkout stand-in and back to the outcome page.

for (const [tenant, cf, name, description, iuv] of [
  ["comune-a", MARIO, "Mario Rossi", "TARI 2026 - prima rata", seedIuv("comune-a", MARIO, 4)],
  ["comune-b", ANNA, "Anna Esposito", "Mensa scolastica - aprile 2026", seedIuv("comune-b", ANNA, 5)],
] as const) {
  test(`${tenant}: ${name} pays a position through pagoPA and downloads the receipt from Attività`, async ({
    page,
  }) => {
    // A long journey (the login, the payment's steps, the checkout, the outcome, the filter, five accessibility checks
    // and the download): 52 s for comune-b in the CI run of 2026-11-30, when comune-a's ran out of the default 60 s
    // just before the download, retry included. Give it room on a busy machine.
    test.slow();
    await resetCitizen(cf);
    await page.goto(tenantUrl(tenant, "/area-personale/attivita"));
    await loginAs(page, name);
    await expect(page.getByRole("heading", { level: 3, name: "Pagamenti" })).toBeVisible();
    await expect(payments(page).getByRole("link", { name: `Paga ora ${description}` })).toBeVisible();
    await expectAccessible(page);

    await payFromActivities(page, tenant, description);
    await page.getByRole("button", { name: "Paga", exact: true }).click();
    await expect(page).toHaveURL(
      tenantUrl(tenant, `/servizi/pagamento-esito?iuv=${iuv}&codEsito=000&descEsito=Pagamento+eseguito`),
    );
    await expect(page.getByRole("heading", { level: 2, name: "Pagamento eseguito" })).toBeVisible();
    await expect(page.getByText(`Riferimento IUV: ${iuv}`)).toBeVisible();
    await expect(page.getByText("Quanto è stato facile usare questo servizio?")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Vai all'area personale" }).click();
    await page.getByLabel("Stato pagamento").selectOption({ label: "Pagato" });
    await payments(page).getByRole("button", { name: "Filtra" }).click();
    await expect(page).toHaveURL(/stato-pagamento=pagato/);
    const card = payments(page).getByRole("listitem").filter({ hasText: description });
    await expect(card.getByText("Stato pagamento: Pagato")).toBeVisible();
    await expectAccessible(page);
    await expectPdfDownload(page, `Scarica la ricevuta di ${description} (PDF)`);
  });
}

test("comune-b at 390 px: cancelling at the checkout says 'Operazione annullata'; the notice downloads", async ({
  page,
}) => {
  await resetCitizen(MARIO);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl("comune-b", "/area-personale/attivita"));
  await loginAs(page, "Mario Rossi");
  await expect(payments(page).getByText("4 pagamenti su 4")).toBeVisible();
  await expectAccessible(page);
  await expectPdfDownload(page, "Scarica l'avviso di pagamento di TARI 2026 - prima rata (PDF)");

  await payFromActivities(page, "comune-b", "TARI 2026 - prima rata");
  await page.getByRole("button", { name: "Annulla" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Operazione annullata" })).toBeVisible();
  await expectAccessible(page);
  const hasHorizontalScroll = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(hasHorizontalScroll).toBe(false);
  // Still unpaid.
  await page.goto(tenantUrl("comune-b", "/area-personale/attivita?stato-pagamento=da-pagare"));
  await expect(payments(page).getByRole("link", { name: "Paga ora TARI 2026 - prima rata" })).toBeVisible();
});

test("a forged codEsito=000 for an unpaid IUV is not a success; an unknown IUV is 'Posizione debitoria non trovata'", async ({
  page,
}) => {
  const unpaid = seedIuv("comune-a", ANNA, 4);
  await page.goto(tenantUrl("comune-a", `/servizi/pagamento-esito?iuv=${unpaid}&codEsito=000&descEsito=OK`));
  await expect(page.getByRole("heading", { level: 2, name: "Esito in attesa di conferma" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("main").getByRole("link", { name: "Accedi all'area personale" }).click();
  await loginAs(page, "Anna Esposito");
  await expect(
    page.getByRole("heading", { level: 2, name: "Pagamento non ancora confermato" }),
  ).toBeVisible();
  await expect(page.getByText("Pagamento eseguito")).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(tenantUrl("comune-a", `/area-personale/pagamento-iuv/${seedIuv("comune-a", MARIO, 4)}`));
  await expect(page.getByText("Posizione debitoria non trovata")).toBeVisible();
  await expectAccessible(page);
});

test("keyboard only: Attività → Paga ora → privacy → summary", async ({ page }) => {
  await page.goto(tenantUrl("comune-a", "/area-personale/attivita"));
  await loginAs(page, "Anna Esposito");
  await payments(page).getByRole("link", { name: "Paga ora TARI 2026 - prima rata" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento con IUV" })).toBeVisible();
  // The focus placed on the next step is the scripted page's (a key pressed before the scripts have run sends the
  // form as without JavaScript: the new page starts at its top, as it should).
  await waitForHydration(page);
  await page.getByLabel("Ho letto e compreso l'informativa sulla privacy").focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Avanti" })).toBeFocused();
  await page.keyboard.press("Enter");
  // The new step's heading takes the focus: the next Tab goes on from there, not from the skip links.
  await expect(page.getByRole("heading", { level: 2, name: "Riepilogo" })).toBeFocused();
  await page.getByRole("button", { name: "Paga con pagoPA" }).focus();
  await expect(page.getByRole("button", { name: "Paga con pagoPA" })).toBeFocused();

  // On a 320 px phone each value goes under its name: the notice code, the IUV and the fiscal code stay whole on one
  // line (read out or copied), and the page is no wider than the screen.
  await page.setViewportSize({ width: 320, height: 740 });
  const codeLines = await page.locator(".payment-facts dd").evaluateAll((values) =>
    values
      .filter((value) => /^[0-9A-Z]{11,}$/.test(value.textContent?.trim() ?? ""))
      .map((value) => {
        const range = document.createRange();
        range.selectNodeContents(value);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
  );
  expect(codeLines.length).toBeGreaterThanOrEqual(2);
  expect(codeLines).toEqual(codeLines.map(() => 1));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  await screenshotForReview(page, "payment-summary-320");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("comune-a: Anna pays by IUV end to end", async ({ page }) => {
    await resetCitizen(ANNA);
    const iuv = seedIuv("comune-a", ANNA, 6);
    await page.goto(tenantUrl("comune-a", `/area-personale/pagamento-iuv/${iuv}`));
    await loginAs(page, "Anna Esposito");
    await expect(page.getByRole("heading", { level: 1, name: "Pagamento con IUV" })).toBeVisible();
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect(
      page.getByText("Per proseguire è necessario accettare l'informativa sulla privacy").first(),
    ).toBeVisible();
    await acceptPrivacy(page);
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect(page.getByText("€ 1.234,50")).toBeVisible();
    await page.getByRole("button", { name: "Paga con pagoPA" }).click();
    await page.getByRole("button", { name: "Paga", exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Pagamento eseguito" })).toBeVisible();
    await page.goto(tenantUrl("comune-a", `/area-personale/pagamento-iuv/${iuv}`));
    await expect(page.getByText("Questa posizione debitoria risulta già pagata")).toBeVisible();
    await expect(page.getByRole("button", { name: "Paga con pagoPA" })).toHaveCount(0);
  });
});
