import { test, expect, tenantUrl, expectAccessible, loginAs, pressAcrossHydration } from "./fixtures.ts";

// The demo identity provider page, the login target the conformance checker follows (issue #24): reached through
// the portal's proxy, dressed with the portal's stylesheet. Its Modello Comuni rules (C.SI.1.2 Bootstrap Italia,
// C.SI.1.1 fonts, C.SI.3.1 cookies) are checked on the conformance walk (conformance.test.ts), on both municipalities.
for (const width of [1280, 390]) {
  test(`the demo identity provider page is a bootstrap-italia page at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(tenantUrl("comune-b"));
    await page.getByRole("link", { name: "Accedi all'area personale" }).first().click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Accesso con identità digitale" }),
    ).toBeVisible();
    await expect(
      page.getByRole("group", { name: "Con quale identità di prova vuoi entrare?" }),
    ).toBeVisible();
    // The portal's stylesheet applies: bootstrap-italia's primary button colour and Titillium Web.
    await expect(page.getByRole("button", { name: "Entra con SPID" })).toHaveCSS(
      "background-color",
      "rgb(0, 102, 204)",
    );
    await expectAccessible(page);
    await loginAs(page, "Mario Rossi");
    await expect(page).toHaveURL(tenantUrl("comune-b", "/"));
  });
}

// A slow phone: the citizen presses the login button before the scripts have run and lifts the finger once the page
// is hydrated. At 390 px the button shows only its icon, whose shapes hydration draws again (client/components/ui/
// icon.tsx): a press that began on the shapes the server drew and ended after they were replaced made no click, and
// the login never started (the CI flake of the test above, issue #39; client/styles/portal.css).
test("a press on the login button that spans the page's hydration opens the identity provider at 390px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await pressAcrossHydration(page, tenantUrl("comune-b"), (p) =>
    p.getByRole("link", { name: "Accedi all'area personale" }),
  );
  await expect(page.getByRole("heading", { level: 1, name: "Accesso con identità digitale" })).toBeVisible();
});
