/**
 * The FAQ (knowledge base 1) on both municipalities: list, category, search and answer pages at desktop and phone
 * widths, anonymous and logged in; titles, menu hidden, breadcrumb, accessibility; bad input; the knowledge base
 * down. The fault switch at the end is global to the sandbox: its tests hold the switch's lease (`holdSandboxFault`),
 * as does every other test that visits the FAQ pages (the link walk), so they never overlap in two workers.
 */
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  tenantUrl,
  TENANTS,
  expectAccessible,
  logIn,
  settled,
  holdSandboxFault,
  setSandboxFault,
} from "./fixtures.ts";
import {
  expectBootstrapItalia,
  expectFeedbackComponent,
  expectFirstPartyCookies,
  expectModelFonts,
  expectPageNameAndBreadcrumb,
} from "./conformance-checks.ts";

type Tenant = "comune-a" | "comune-b";

const KB: Record<
  Tenant,
  {
    category: { id: number; name: string };
    parent: { id: number; name: string };
    child: { id: number; name: string };
    answer: { id: number; categoryId: number; title: string; slug: string; text: string };
    childAnswer: { id: number; title: string };
    search: { query: string; titles: string[] };
  }
> = {
  "comune-a": {
    category: { id: 12, name: "Tributi" },
    parent: { id: 11, name: "Anagrafe e stato civile" },
    child: { id: 14, name: "Carta d'identità" },
    answer: {
      id: 121,
      categoryId: 12,
      title: "Come pagare la TARI?",
      slug: "Come-pagare-la-TARI",
      text: "Le rate scadono il 16 giugno e il 16 dicembre.",
    },
    childAnswer: { id: 111, title: "Come richiedere la carta d'identità elettronica?" },
    search: {
      query: "carta",
      titles: [
        "Come richiedere la carta d'identità elettronica?",
        "Quanto costa la carta d'identità elettronica?",
      ],
    },
  },
  "comune-b": {
    category: { id: 22, name: "Tributi locali" },
    parent: { id: 21, name: "Servizi demografici" },
    child: { id: 24, name: "Stato civile" },
    answer: {
      id: 221,
      categoryId: 22,
      title: "Quando si paga l'IMU?",
      slug: "Quando-si-paga-l'IMU",
      text: "L'acconto scade il 16 giugno",
    },
    childAnswer: { id: 241, title: "Come fissare la data di un matrimonio civile?" },
    search: {
      query: "mensa",
      titles: ["Quanto costa la mensa scolastica?", "Come chiedere una dieta speciale in mensa?"],
    },
  },
};

/** What every FAQ page shares: status, title, h1, breadcrumb, no navigation bar in the header, rating, axe. */
async function expectFaqPage(
  page: Page,
  tenant: Tenant,
  path: string,
  expected: { title: string; h1: string; crumbs: string[] },
) {
  const response = await page.goto(tenantUrl(tenant, path));
  expect(response?.status(), path).toBe(200);
  await expect(page).toHaveTitle(`${expected.title} - ${TENANTS[tenant].name}`);
  await expect(page.getByRole("heading", { level: 1, name: expected.h1, exact: true })).toBeVisible();
  await expectPageNameAndBreadcrumb(page, { breadcrumb: true });
  await expect(page.locator('[data-element="breadcrumb"] > li')).toHaveText(expected.crumbs);
  // Spec §2: the FAQ has its menu hidden.
  await expect(page.locator(".it-header-navbar-wrapper")).toHaveCount(0);
  await expect(page.locator('[data-element="main-navigation"]')).toHaveCount(0);
  await expect(page.getByRole("banner")).toContainText(TENANTS[tenant].name);
  await expect(page.getByRole("contentinfo")).toContainText(TENANTS[tenant].name);
  await expect(page.locator('[data-element="feedback"]')).toHaveCount(1);
  await expectAccessible(page);
}

async function expectAllFaqPages(page: Page, tenant: Tenant) {
  const kb = KB[tenant];
  await expectFaqPage(page, tenant, "/faq", {
    title: "FAQ",
    h1: "Domande frequenti",
    crumbs: ["Home/", "FAQ"],
  });
  await expect(
    page.getByRole("main").getByRole("link", { exact: true, name: kb.category.name }),
  ).toHaveAttribute("href", `/faq?categoria=${kb.category.id}`);

  await expectFaqPage(page, tenant, `/faq?categoria=${kb.parent.id}`, {
    title: `FAQ - ${kb.parent.name}`,
    h1: kb.parent.name,
    crumbs: ["Home/", "FAQ/", kb.parent.name],
  });
  await expect(page.getByRole("heading", { level: 2, name: "Sottocategorie" })).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { exact: true, name: kb.child.name }),
  ).toHaveAttribute("href", `/faq?categoria=${kb.child.id}`);

  await expectFaqPage(page, tenant, `/faq?categoria=${kb.child.id}`, {
    title: `FAQ - ${kb.child.name}`,
    h1: kb.child.name,
    crumbs: ["Home/", "FAQ/", `${kb.parent.name}/`, kb.child.name],
  });
  await expect(
    page.getByRole("main").getByRole("link", { exact: true, name: kb.childAnswer.title }),
  ).toHaveAttribute(
    "href",
    new RegExp(`^/faq/${kb.childAnswer.id}/dettagli/[^?]+\\?categoria=${kb.child.id}$`),
  );

  await expectFaqPage(page, tenant, `/faq?q=${encodeURIComponent(kb.search.query)}`, {
    title: "FAQ - Ricerca",
    h1: "Domande frequenti",
    crumbs: ["Home/", "FAQ/", "Risultati della ricerca"],
  });
  await expect(page.getByRole("status").filter({ hasText: "domande trovate" })).toHaveText(
    `${kb.search.titles.length} domande trovate per «${kb.search.query}».`,
  );
  for (const title of kb.search.titles)
    await expect(page.getByRole("main").getByRole("link", { exact: true, name: title })).toBeVisible();
  await expect(page.getByLabel("Cerca nelle domande frequenti")).toHaveValue(kb.search.query);

  const crumbs = ["Home/", "FAQ/", `${kb.category.name}/`, kb.answer.title];
  await expectFaqPage(
    page,
    tenant,
    `/faq/${kb.answer.id}/dettagli/${encodeURIComponent(kb.answer.slug)}?categoria=${kb.answer.categoryId}`,
    {
      // "FAQ - {title parameter with dashes turned into spaces} - {municipality}"
      title: `FAQ - ${kb.answer.slug.replaceAll("-", " ")}`,
      h1: kb.answer.title,
      crumbs,
    },
  );
  await expect(page.locator(".faq-answer")).toContainText(kb.answer.text);

  // Without the title parameter (and without the category: the answer is looked up) the answer's title is used.
  for (const path of [`/faq/${kb.answer.id}/dettagli/`, `/faq/${kb.answer.id}/dettagli`]) {
    await expectFaqPage(page, tenant, path, {
      title: `FAQ - ${kb.answer.title}`,
      h1: kb.answer.title,
      crumbs,
    });
    await expect(page.locator(".faq-answer")).toContainText(kb.answer.text);
  }
}

for (const tenant of ["comune-a", "comune-b"] as const) {
  for (const width of [1280, 390]) {
    test.describe(`${tenant} at ${width}px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test("anonymous: list, categories, search and answers", async ({ page }) => {
        test.slow(); // seven pages, each checked with axe
        await expectAllFaqPages(page, tenant);
        await expectFirstPartyCookies(page);
      });

      test("logged in: list, categories, search and answers", async ({ page }) => {
        test.slow(); // seven pages, each checked with axe
        // Luca, whom fewer journeys use than Giulia: the four runs of this test seldom wait for his lease.
        await logIn(page, tenant, "Luca Verdi", "/faq");
        await expectAllFaqPages(page, tenant);
        await expect(page.locator("header details.it-user-wrapper > summary")).toContainText("Luca Verdi");
        await expectFirstPartyCookies(page);
      });
    });
  }

  test(`${tenant}: a citizen browses from the categories to an answer and searches with the form`, async ({
    page,
  }) => {
    const kb = KB[tenant];
    await page.goto(tenantUrl(tenant, "/faq"));
    await page.getByRole("main").getByRole("link", { exact: true, name: kb.parent.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: kb.parent.name })).toBeVisible();
    await page.getByRole("main").getByRole("link", { exact: true, name: kb.child.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: kb.child.name })).toBeVisible();
    await page.getByRole("main").getByRole("link", { exact: true, name: kb.childAnswer.title }).click();
    await expect(page.getByRole("heading", { level: 1, name: kb.childAnswer.title })).toBeVisible();
    await expect(page).toHaveURL(
      new RegExp(`/faq/${kb.childAnswer.id}/dettagli/.+\\?categoria=${kb.child.id}$`),
    );
    await page.getByRole("main").getByRole("link", { exact: true, name: kb.child.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: kb.child.name })).toBeVisible();

    await page.getByLabel("Cerca nelle domande frequenti").fill(kb.search.query);
    await page.getByLabel("Cerca nelle domande frequenti").press("Enter");
    await expect(page).toHaveURL(tenantUrl(tenant, `/faq?q=${kb.search.query}`));
    await page.getByRole("main").getByRole("link", { exact: true, name: kb.search.titles[0] }).click();
    await expect(page.getByRole("heading", { level: 1, name: kb.search.titles[0] })).toBeVisible();
  });

  test(`${tenant}: unknown or malformed questions and categories are Italian 404 pages inside the portal`, async ({
    page,
  }) => {
    const cases = [
      { path: "/faq/99999/dettagli/Domanda-inventata", h1: "Domanda non trovata" },
      { path: "/faq/99999/dettagli/", h1: "Domanda non trovata" },
      { path: "/faq/abc/dettagli/", h1: "Domanda non trovata" },
      { path: "/faq/-1/dettagli/x", h1: "Domanda non trovata" },
      { path: `/faq/${KB[tenant].answer.id}x/dettagli/`, h1: "Domanda non trovata" },
      { path: "/faq?categoria=99999", h1: "Categoria non trovata" },
      { path: "/faq?categoria=%3Cscript%3E", h1: "Categoria non trovata" },
    ];
    for (const c of cases) {
      const response = await page.goto(tenantUrl(tenant, c.path));
      expect(response?.status(), c.path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: c.h1 })).toBeVisible();
      await expect(page).toHaveTitle(`${c.h1} - ${TENANTS[tenant].name}`);
      await expect(page.getByRole("banner")).toContainText(TENANTS[tenant].name);
      await expect(page.getByRole("contentinfo")).toContainText(TENANTS[tenant].name);
      await expect(page.getByRole("link", { name: "Torna alle domande frequenti" })).toHaveAttribute(
        "href",
        "/faq",
      );
    }
    await expectAccessible(page);
    // An answer of the other municipality is not found here.
    const other = tenant === "comune-a" ? KB["comune-b"].answer : KB["comune-a"].answer;
    expect((await page.goto(tenantUrl(tenant, `/faq/${other.id}/dettagli/`)))?.status()).toBe(404);
  });
}

test("a search text with markup is shown as text, never run", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const text = "<img src=x onerror=alert(1)>";
  await page.goto(tenantUrl("comune-a", "/faq"));
  await page.getByLabel("Cerca nelle domande frequenti").fill(text);
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(page.getByText(`Nessuna domanda trovata per «${text}».`)).toBeVisible();
  await expect(page.getByLabel("Cerca nelle domande frequenti")).toHaveValue(text);
  expect(await page.locator('main img[src="x"]').count()).toBe(0);
  // The same on a fresh server render of the address.
  const response = await page.goto(tenantUrl("comune-a", `/faq?q=${encodeURIComponent(text)}`));
  expect(response?.status()).toBe(200);
  expect(await response?.text()).not.toContain("<img src=x");
  await expect(page.getByText(`Nessuna domanda trovata per «${text}».`)).toBeVisible();
  expect(await page.locator('main img[src="x"]').count()).toBe(0);
  await settled(page);
  expect(dialogs).toEqual([]);
});

test("an answer body with a script and script links is shown sanitised", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(
    tenantUrl("comune-a", "/faq/122/dettagli/Cosa-fare-se-l'avviso-di-pagamento-è-errato?categoria=12"),
  );
  const body = page.locator(".faq-answer");
  await expect(body).toContainText("Scrivi all'Ufficio Tributi indicando il codice dell'avviso.");
  await expect(body).toContainText("Modulo di rettifica");
  expect(await body.locator("script").count()).toBe(0);
  expect(await body.locator("[onclick]").count()).toBe(0);
  expect(await body.locator('a[href^="javascript:"]').count()).toBe(0);
  await body.getByText("Modulo di rettifica").click();
  await settled(page);
  expect(dialogs).toEqual([]);
});

test("the FAQ search works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(tenantUrl("comune-b", "/faq"));
  await page.getByLabel("Cerca nelle domande frequenti").fill("IMU");
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(page).toHaveURL(tenantUrl("comune-b", "/faq?q=IMU"));
  await page.getByRole("main").getByRole("link", { name: "Quando si paga l'IMU?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Quando si paga l'IMU?" })).toBeVisible();
  await context.close();
});

// The FAQ home (the footer's `faq` target) is on the conformance walk (conformance.test.ts); its deeper pages here.
test("the FAQ pages meet the Modello Comuni rules: fonts, Bootstrap Italia, rating", async ({ page }) => {
  for (const path of ["/faq?categoria=12", "/faq/121/dettagli/Come-pagare-la-TARI?categoria=12"]) {
    await page.goto(tenantUrl("comune-a", path));
    await expectBootstrapItalia(page);
    await expectModelFonts(page);
  }
  await expectFeedbackComponent(page);
});

test("the header keeps its navigation bar outside the FAQ", async ({ page }) => {
  await page.goto(tenantUrl("comune-a", "/"));
  await expect(page.locator('[data-element="main-navigation"]')).toHaveCount(1);
  await page.getByRole("contentinfo").getByRole("link", { name: "Leggi le FAQ" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Domande frequenti" })).toBeVisible();
  await expect(page.locator('[data-element="main-navigation"]')).toHaveCount(0);
  await page.goBack();
  await expect(page.locator('[data-element="main-navigation"]')).toHaveCount(1);
});

const setKbFault = (value: "down" | null) => setSandboxFault("kb", value);

test.describe.serial("the knowledge base is down", () => {
  test.afterAll(async () => {
    await setKbFault(null);
  });

  for (const tenant of ["comune-a", "comune-b"] as const) {
    test(`${tenant}: the FAQ pages say so in Italian, with 503, inside the working header and footer`, async ({
      page,
    }) => {
      await holdSandboxFault("kb");
      for (const path of [
        "/faq",
        `/faq?q=tari`,
        `/faq/${KB[tenant].answer.id}/dettagli/${encodeURIComponent(KB[tenant].answer.slug)}`,
      ]) {
        // Another worker's sandbox reset may clear the switch: set it again until the page sees the fault.
        await expect(async () => {
          await setKbFault("down");
          const response = await page.goto(tenantUrl(tenant, path));
          expect(response?.status(), path).toBe(503);
        }).toPass({ timeout: 20_000 });
        await expect(
          page.getByText("Le domande frequenti non sono disponibili in questo momento. Riprova più tardi."),
        ).toBeVisible();
        await expect(page.getByRole("heading", { level: 1, name: "Domande frequenti" })).toBeVisible();
        await expect(page).toHaveTitle(`FAQ - ${TENANTS[tenant].name}`);
        await expect(page.getByRole("banner")).toContainText(TENANTS[tenant].name);
        await expect(page.getByRole("contentinfo").locator('[data-element="faq"]')).toHaveAttribute(
          "href",
          "/faq",
        );
        await expectAccessible(page);
      }
      await setKbFault(null);
      const response = await page.goto(tenantUrl(tenant, "/faq"));
      expect(response?.status()).toBe(200);
    });
  }
});
