import { test, expect, tenantUrl, TENANTS, expectAccessible, loginAs } from "./fixtures.ts";

for (const tenant of ["comune-a", "comune-b"] as const) {
  test(`${tenant}: the host picks the municipality, with its own name and title`, async ({ page }) => {
    const response = await page.goto(tenantUrl(tenant));
    expect(response?.status()).toBe(200);
    const name = TENANTS[tenant].name;
    await expect(page).toHaveTitle(new RegExp(` - ${name}$`));
    await expect(page.getByRole("banner")).toContainText(name);
    await expect(page.getByText("Ambiente dimostrativo", { exact: false }).first()).toBeVisible();
    await expectAccessible(page);
  });
}

test("a citizen logs in through the demo identity provider, comes back and logs out", async ({ page }) => {
  await page.goto(tenantUrl("comune-a"));
  await page.getByRole("link", { name: "Accedi all'area personale" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Accesso con identità digitale");
  await expectAccessible(page);
  await loginAs(page, "Giulia Bianchi");
  // the login came back to the page it started from
  await expect(page).toHaveURL(tenantUrl("comune-a", "/"));
  await expect(page.getByRole("banner").getByText("Giulia Bianchi").first()).toBeVisible();
  await page.goto(tenantUrl("comune-a", "/area-personale"));
  await expect(page.getByRole("heading", { level: 1, name: "Giulia Bianchi" })).toBeVisible();
  await expect(page).toHaveTitle("Area personale - Comune di Valverde");
  await expectAccessible(page);

  await page.goto(tenantUrl("comune-a", "/logout"));
  // The upstream ends the session and sends the browser back to /logout, which now says so.
  await expect(page).toHaveURL(tenantUrl("comune-a", "/logout"));
  await expect(page.getByRole("heading", { level: 1, name: "Sei uscito dall'area personale" })).toBeVisible();
  await expect(page).toHaveTitle("Sei uscito dall'area personale - Comune di Valverde");
  await expect(page.getByRole("link", { name: "Accedi all'area personale" }).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Torna alla Homepage" }).click();
  await expect(page).toHaveURL(tenantUrl("comune-a", "/"));
  // The next person at this browser going Back sees the login, not Giulia's personal area (its pages are `no-store`:
  // nothing of it was kept to show again).
  await page.goBack();
  await expect(page).toHaveURL(tenantUrl("comune-a", "/logout"));
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Accesso con identità digitale");
  await expect(page.getByRole("heading", { level: 1, name: "Giulia Bianchi" })).toHaveCount(0);
});

test("the personal area asks an anonymous visitor to log in and returns there", async ({ page }) => {
  await page.goto(tenantUrl("comune-b", "/area-personale"));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Accesso con identità digitale");
  await loginAs(page, "Mario Rossi");
  await expect(page).toHaveURL(tenantUrl("comune-b", "/area-personale"));
  await expect(page.getByRole("heading", { level: 1, name: "Mario Rossi" })).toBeVisible();
});

test("an open redirect through the login is refused", async ({ page }) => {
  await page.goto(tenantUrl("comune-a", "/api/utenti/login?redirector=%2F%2Fevil.example%2F"));
  await loginAs(page, "Mario Rossi");
  await expect(page).toHaveURL(tenantUrl("comune-a", "/area-personale"));
});

test.describe("comune-c in maintenance", () => {
  test("only the gate shows; empty fields and a wrong password are refused, the right one opens the portal", async ({
    page,
  }) => {
    const response = await page.goto(tenantUrl("comune-c", "/"));
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { level: 1, name: "Servizio in manutenzione" })).toBeVisible();
    await expect(page).toHaveTitle("Servizio in manutenzione - Comune di Roccaserena");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Conferma" }).click();
    await expect(page.getByText("Campo obbligatorio")).toHaveCount(2);

    await page.getByLabel("Nome utente").fill("manutentore");
    await page.getByLabel("Password").fill("sbagliata");
    await page.getByRole("button", { name: "Conferma" }).click();
    // The refusal is said once, in the form (no toast repeating it over "Conferma"). Typing the next password (a
    // discrete event) flushes the page's pending effects, so the toast region is read once they have run.
    await expect(page.getByRole("alert").filter({ hasText: "Autorizzazione negata" })).toBeVisible();
    await expect(page.getByLabel("Nome utente")).toHaveValue("manutentore");
    await page.getByLabel("Password").fill("Roccaserena-2026");
    expect(await page.getByText("Autorizzazione negata").count()).toBe(1);
    expect(await page.locator(".toast-region").textContent()).toBe("");

    await page.getByRole("button", { name: "Conferma" }).click();
    await expect(page).toHaveURL(tenantUrl("comune-c", "/"));
    await expect(page.getByRole("banner")).toContainText("Comune di Roccaserena");
    // Nothing of the refusal follows the operator into the portal (a toast used to stay there for 8 s).
    expect(await page.getByText("Autorizzazione negata").count()).toBe(0);
    const cookies = await page.context().cookies();
    const credential = cookies.find((c) => c.name === "CITFAC_MAINTENANCE")!;
    expect(credential.httpOnly).toBe(true);
    expect(credential.value).not.toContain("manutentore");
  });

  test("the gate works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(tenantUrl("comune-c", "/faq"));
    await page.getByLabel("Nome utente").fill("manutentore");
    await page.getByLabel("Password").fill("Roccaserena-2026");
    await page.getByRole("button", { name: "Conferma" }).click();
    await expect(page).toHaveURL(tenantUrl("comune-c", "/faq"));
    await context.close();
  });
});

// Another site's form: the browser sends none of the portal's cookies with it (SameSite=Lax), so the refusal is in
// Italian whatever language the visitor chose; the way back to the form is a plain visit, in his language.
for (const { tenant, language, form } of [
  { tenant: "comune-a", language: "it", form: "Richiesta assistenza" },
  { tenant: "comune-b", language: "en", form: "Assistance request" },
] as const) {
  test(`${tenant}: another site's form posting here gets the municipality's 403 page and the way back to the form`, async ({
    page,
  }) => {
    await page.goto(tenantUrl(tenant, `/?lang=${language}`));
    const target = tenantUrl(tenant, "/nuova-richiesta");
    // Another site's page (an opaque origin: Chromium sends `Origin: null`, `Sec-Fetch-Site: cross-site`).
    await page.goto("about:blank");
    await page.setContent(
      `<form method="post" action="${target}"><input name="descrizione" value="forged"><button>Send</button></form>`,
    );
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url() === target && response.request().method() === "POST"),
      page.getByRole("button", { name: "Send" }).click(),
    ]);
    expect(answer.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Accesso negato" })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(TENANTS[tenant].name);
    await expect(page.getByRole("main")).toContainText(
      "non proviene da questo portale: non è stato inviato nulla",
    );
    await expect(page).toHaveTitle(`Accesso negato - ${TENANTS[tenant].name}`);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Apri di nuovo il modulo" }).click();
    await expect(page).toHaveURL(target);
    await expect(page.getByRole("heading", { level: 1, name: form })).toBeVisible();
  });
}

test("an unknown path answers 404 with an Italian page", async ({ page }) => {
  const response = await page.goto(tenantUrl("comune-a", "/non-esiste"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeVisible();
  await expect(page).toHaveTitle("Pagina non trovata - Comune di Valverde");
  await expectAccessible(page);
});

test("only first-party cookies are set", async ({ page }) => {
  await page.goto(tenantUrl("comune-a"));
  const cookies = await page.context().cookies();
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) expect(cookie.domain.replace(/^\./, "")).toBe("comune-a.localhost");
});

test("the development-only toggle simulates a logout and a login, and returns home", async ({ page }) => {
  await page.goto(tenantUrl("comune-b", "/area-personale"));
  await loginAs(page, "Anna Esposito");
  await expect(page.getByRole("heading", { level: 1, name: "Anna Esposito" })).toBeVisible();
  await page.getByRole("button", { name: "Simula logout" }).click();
  await expect(page).toHaveURL(tenantUrl("comune-b", "/"));
  await expect(page.getByRole("link", { name: "Accedi all'area personale" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Simula login" }).click();
  await expect(page).toHaveURL(tenantUrl("comune-b", "/"));
  await expect(page.getByRole("banner").getByText("Anna Esposito").first()).toBeVisible();
});
