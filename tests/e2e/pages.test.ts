/**
 * Every public page of the shell issue on both municipalities, at desktop (1280) and phone (390) widths, anonymous
 * and logged in: status code, "{route title} - {municipality}" title, heading, axe WCAG 2.1 AA, no console errors.
 * (The FAQ pages are covered by faq.test.ts, next to the knowledge-base fault test that would disturb them.)
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
  SANDBOX_URL,
  type TenantId,
  CITIZENS,
} from "./fixtures.ts";
import { expectFirstPartyCookies } from "./conformance-checks.ts";

type PageCase = { path: string; status: number; title: string; h1: string };

/** A configured service without its own portal flow on each municipality, shown by /servizi/:id. */
const SERVICE_PAGE: Record<"comune-a" | "comune-b", { id: string; nome: string }> = {
  "comune-a": { id: "102", nome: "Certificati anagrafici" },
  "comune-b": { id: "202", nome: "Certificati online" },
};

function casesFor(tenant: "comune-a" | "comune-b"): PageCase[] {
  const service = SERVICE_PAGE[tenant];
  return [
    { path: "/", status: 200, title: "Servizi online", h1: "Servizi online" },
    { path: `/servizi/${service.id}`, status: 200, title: service.nome, h1: service.nome },
    { path: "/servizi/9999", status: 404, title: "Servizio non trovato", h1: "Servizio non trovato" },
    { path: "/pagina/che/non-esiste", status: 404, title: "Pagina non trovata", h1: "Pagina non trovata" },
    // Informational pages the service gates redirect to: they are answers, not errors (200).
    {
      path: "/servizio-non-disponibile",
      status: 200,
      title: "Servizio non disponibile",
      h1: "Servizio non disponibile",
    },
    { path: "/servizio-non-active", status: 200, title: "Servizio non attivo", h1: "Servizio non attivo" },
  ];
}

async function expectPage(page: Page, tenant: TenantId, c: PageCase) {
  const response = await page.goto(tenantUrl(tenant, c.path));
  expect(response?.status(), c.path).toBe(c.status);
  await expect(page).toHaveTitle(`${c.title} - ${TENANTS[tenant].name}`);
  await expect(page.getByRole("heading", { level: 1, name: c.h1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("banner")).toContainText(TENANTS[tenant].name);
  await expect(page.getByRole("contentinfo")).toContainText(TENANTS[tenant].name);
  await expectAccessible(page);
  await expectFirstPartyCookies(page);
}

for (const tenant of ["comune-a", "comune-b"] as const) {
  for (const width of [1280, 390]) {
    test.describe(`${tenant} at ${width}px`, () => {
      test.use({ viewport: { width, height: 900 } });
      // Several pages per test, each with axe or the conformance checks.
      test.describe.configure({ timeout: 120_000 });

      test("anonymous: every page answers with its status, title and heading, and is accessible", async ({
        page,
      }) => {
        for (const c of casesFor(tenant)) await expectPage(page, tenant, c);
        // The personal area sends an anonymous visitor to the login.
        await page.goto(tenantUrl(tenant, "/area-personale"));
        await expect(page.getByRole("heading", { level: 1 })).toContainText("Accesso con identità digitale");
      });

      test("logged in: every page, and the personal area, as a citizen", async ({ page }) => {
        // Every page with its accessibility check: 54 s in a CI run of 2026-11-30, near the default 60 s.
        test.slow();
        await logIn(page, tenant, "Mario Rossi");
        for (const c of casesFor(tenant)) {
          await expectPage(page, tenant, c);
          await expect(page.locator("header details.it-user-wrapper > summary")).toContainText("Mario Rossi");
        }
        await expectPage(page, tenant, {
          path: "/area-personale",
          status: 200,
          title: "Area personale",
          h1: "Mario Rossi",
        });
        await expect(page.getByText(`CF: ${CITIZENS["Mario Rossi"]}`)).toBeVisible();
      });
    });
  }
}

test.describe("the service page", () => {
  test("comune-a: a Moon service offers the online access, booking, delegation and contacts", async ({
    page,
  }) => {
    await page.goto(tenantUrl("comune-a", "/servizi/102"));
    const online = page.locator('[data-element="service-online-access"]');
    await expect(online).toHaveText("Accedi al servizio");
    // The forms front office named by the configuration (the sandbox's stand-in), not a path of the portal.
    const href = new URL((await online.getAttribute("href"))!, page.url());
    expect(href.origin).toBe(SANDBOX_URL);
    expect(href.pathname).toBe("/moonfobl/accesso/gasprp_salute");
    expect(href.searchParams.get("codice_modulo")).toBe("CERT_ANAG");
    expect(href.searchParams.get("codice_ente")).toBe("c_v001");
    expect(href.searchParams.get("back_url")).toBe(tenantUrl("comune-a", "/servizi/102"));
    const booking = page.locator(
      '[data-element="service-booking-access"] [data-element="appointment-booking"]',
    );
    // Service 102 has no competent office: the general booking, not a variant that would not know the service.
    await expect(booking).toHaveAttribute("href", "/servizi/prenotazione-appuntamento");
    await expect(page.getByRole("heading", { level: 2, name: "Delega" })).toBeVisible();
    await expect(page.locator('[data-element="service-area"]')).toContainText("Piazza Vittorio Emanuele II");
    await expect(page.locator('[data-element="service-description"]')).toHaveText(
      "Richiedi online i certificati di residenza, stato di famiglia e nascita.",
    );
    await expect(page.locator('[data-element="service-status"]')).toHaveText("Servizio attivo");
  });

  test("comune-a: an inactive service says so and offers no access", async ({ page }) => {
    const response = await page.goto(tenantUrl("comune-a", "/servizi/113"));
    expect(response?.status()).toBe(200);
    await expect(page.locator('[data-element="service-status"]')).toHaveText("Servizio non attivo");
    await expect(
      page.getByText("Motivo: Servizio temporaneamente sospeso per la riorganizzazione della raccolta."),
    ).toBeVisible();
    await expect(page.locator('[data-element="service-online-access"]')).toHaveCount(0);
    await expect(page.locator('[data-element="service-booking-access"]')).toHaveCount(0);
  });

  test("comune-b: an external service links out; delegations are not offered without the asset", async ({
    page,
  }) => {
    await page.goto(tenantUrl("comune-b", "/servizi/202"));
    await expect(page.locator('[data-element="service-online-access"]')).toHaveAttribute(
      "href",
      "https://www.anagrafenazionale.interno.it/servizi-al-cittadino/",
    );
    await expect(page.getByRole("heading", { level: 2, name: "Delega" })).toHaveCount(0);
    await expect(page.locator('[data-element="appointment-booking"]').first()).toBeVisible();
  });

  test("malformed ids are a 404 too", async ({ page }) => {
    for (const id of ["%3Cscript%3E", "102.5", "..%2F102"]) {
      const response = await page.goto(tenantUrl("comune-a", `/servizi/${id}`));
      expect(response?.status(), id).toBe(404);
    }
  });
});

test("comune-b: the contacts HTML of the configuration reaches the page without its script or handlers", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const path of ["/", "/servizi/202"]) {
    await page.goto(tenantUrl("comune-b", path));
    await expect(page.getByRole("contentinfo")).toContainText("Municipio di Montealto");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "035 765 400" })).toHaveAttribute(
      "href",
      "tel:+39035765400",
    );
    // Only the scheda servizio's own structured metadata (JSON-LD, not executable) may sit in the page body.
    expect(await page.locator('main script:not([type="application/ld+json"]), footer script').count()).toBe(
      0,
    );
    expect(await page.locator("[onclick]").count()).toBe(0);
    const html = await page.content();
    expect(html).not.toContain("alert(1)");
    expect(html).not.toContain("alert('contatti')");
  }
  await settled(page);
  expect(dialogs).toEqual([]);
});
