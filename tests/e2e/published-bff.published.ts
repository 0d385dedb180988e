/**
 * The portal against the Città Facile BFF as published (playwright.published.config.ts: the embedded sandbox with
 * SANDBOX_BFF=published). Every page of both municipalities answers (200, or its proper 302/404), anonymous and
 * logged in; what that BFF does not route is hidden or degraded with a message, never a broken page: no footer menus
 * nor contacts (the portal's own footer links instead), no MYPAY, delegations or disruption reports (treated as
 * services the municipality has not enabled), no appointment changes by the e-mailed link (the page says where).
 * comune-a has a CMS: its menus and services come from the CMS the BFF redirects to.
 */
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  tenantUrl,
  TENANTS,
  expectAccessible,
  logIn,
  SANDBOX_URL,
  type TenantId,
} from "./fixtures.ts";
import { openMailboxLink } from "./appointments-support.ts";

type Visit = { path: string; status: number; h1: RegExp | string; to?: string };

const SERVICE: Record<"comune-a" | "comune-b", { id: string; nome: string }> = {
  "comune-a": { id: "102", nome: "Certificati anagrafici" },
  // Its card has no title of its own (titolo null): named after its service.
  "comune-b": { id: "207", nome: "Iscrizione alla biblioteca civica" },
};

function publicPages(tenant: "comune-a" | "comune-b"): Visit[] {
  const service = SERVICE[tenant];
  return [
    { path: "/", status: 200, h1: "Servizi online" },
    { path: "/servizi", status: 200, h1: "Servizi" },
    { path: `/servizi/${service.id}`, status: 200, h1: service.nome },
    { path: "/faq", status: 200, h1: /Domande frequenti|FAQ/ },
    { path: "/argomenti", status: 200, h1: "Argomenti" },
    { path: "/privacy", status: 200, h1: "Informativa sulla privacy" },
    { path: "/note-legali", status: 200, h1: "Note legali" },
    { path: "/nuova-richiesta", status: 200, h1: "Richiesta assistenza" },
    { path: "/servizi/prenotazione-appuntamento", status: 200, h1: "Prenotazione appuntamento" },
    { path: "/servizi/ppay/pagamento-spontaneo", status: 200, h1: "Pagamento spontaneo" },
    { path: "/servizi/9999", status: 404, h1: "Servizio non trovato" },
    { path: "/pagina/che/non-esiste", status: 404, h1: "Pagina non trovata" },
    // What the published BFF does not route: the municipality's service is not available, as if not enabled.
    {
      path: "/servizi/segnalazioni/nuova",
      status: 200,
      h1: "Servizio non disponibile",
      to: "/servizio-non-disponibile",
    },
    {
      path: "/servizi/mypay/pagamento-spontaneo",
      status: 200,
      h1: "Servizio non disponibile",
      to: "/servizio-non-disponibile",
    },
  ];
}

const PERSONAL_PAGES: Visit[] = [
  { path: "/area-personale", status: 200, h1: "Mario Rossi" },
  { path: "/area-personale/attivita", status: 200, h1: "Mario Rossi" },
  { path: "/area-personale/messaggi", status: 200, h1: "Mario Rossi" },
  { path: "/area-personale/servizi", status: 200, h1: "Mario Rossi" },
  { path: "/area-personale/profilo-utente", status: 200, h1: "Profilo utente" },
  {
    path: "/area-personale/deleghe",
    status: 200,
    h1: "Servizio non disponibile",
    to: "/servizio-non-disponibile",
  },
];

async function visit(page: Page, tenant: TenantId, v: Visit) {
  const response = await page.goto(tenantUrl(tenant, v.path));
  expect(response?.status(), v.path).toBe(v.status);
  if (v.to) expect(new URL(page.url()).pathname, v.path).toBe(v.to);
  await expect(page.getByRole("heading", { level: 1 }).first(), v.path).toHaveText(v.h1);
  await expect(page.getByRole("banner")).toContainText(TENANTS[tenant].name);
  await expect(page.getByRole("contentinfo")).toContainText(TENANTS[tenant].name);
}

for (const tenant of ["comune-a", "comune-b"] as const) {
  test.describe(`${tenant} on the published BFF`, () => {
    // Many pages per test on a busy machine.
    test.describe.configure({ timeout: 240_000 });

    test("every page answers to an anonymous visitor; what the BFF lacks is not available", async ({
      page,
    }) => {
      for (const v of publicPages(tenant)) await visit(page, tenant, v);
      // What the BFF lacks is not linked as if it were merely down: the home page's cards lead to the services'
      // own pages instead, which offer no online access.
      await page.goto(tenantUrl(tenant, "/"));
      for (const path of ["/servizi/segnalazioni/nuova", "/servizi/mypay/pagamento-spontaneo"])
        await expect(page.locator(`a[href="${path}"]`), path).toHaveCount(0);
      await page.getByRole("link", { name: "Segnalazione disservizio", exact: true }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Segnalazione disservizio" })).toBeVisible();
      await expect(page.locator('[data-element="service-online-access"]')).toHaveCount(0);
      await expect(
        page.locator("#accedi-al-servizio").getByRole("link", { name: "Prenota appuntamento" }),
      ).toBeVisible();
    });

    test("every page answers to a citizen; the personal area offers nothing the BFF lacks", async ({
      page,
    }) => {
      await logIn(page, tenant, "Mario Rossi");
      for (const v of [...publicPages(tenant), ...PERSONAL_PAGES]) await visit(page, tenant, v);
      // The personal area offers no delegations; neither it nor the footer offers a disruption report on the portal.
      await page.goto(tenantUrl(tenant, "/area-personale"));
      await expect(page.getByRole("link", { name: "Deleghe" })).toHaveCount(0);
      await expect(page.locator('a[href="/servizi/segnalazioni/nuova"]')).toHaveCount(0);
      await expectAccessible(page);
    });

    test("header and footer: the menus the BFF sends, the portal's own footer links for the parts it lacks", async ({
      page,
    }) => {
      await page.goto(tenantUrl(tenant, "/"));
      const nav = page.locator('header [data-element="main-navigation"]');
      // Valverde's CMS sends the model's four entries; Montealto has no website, so only "Servizi" (issue #40).
      await expect(nav.getByRole("link")).toHaveCount(tenant === "comune-a" ? 4 : 1);
      const footer = page.getByRole("contentinfo");
      await expect(footer.locator('a[data-element="faq"]')).toHaveAttribute("href", "/faq");
      await expect(footer.locator('a[data-element="privacy-policy-link"]')).toHaveAttribute(
        "href",
        "/privacy",
      );
      await expect(footer.locator('a[data-element="legal-notes"]')).toHaveAttribute("href", "/note-legali");
      await expect(footer.locator('a[data-element="appointment-booking"]')).toHaveAttribute(
        "href",
        "/servizi/prenotazione-appuntamento",
      );
      // What the Modello Comuni requires and the BFF cannot say comes from the tenants file: the accessibility
      // statement on AgID's site and, with no disruption reports here, the municipality's e-mail for them.
      await expect(footer.locator('a[data-element="accessibility-link"]')).toHaveAttribute(
        "href",
        /^https:\/\/form\.agid\.gov\.it\/view\//,
      );
      await expect(footer.locator('a[data-element="report-inefficiency"]')).toHaveAttribute(
        "href",
        /^mailto:/,
      );
      await expect(footer.locator('a[data-element="report-inefficiency"]')).toHaveText(
        "Segnalazione disservizio",
      );
      // No contacts block upstream: no "Contatti" heading over nothing.
      await expect(footer.getByRole("heading", { name: "Contatti" })).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}

test("comune-a (CMS): the services come from the CMS the BFF redirects to, every one with its category", async ({
  page,
}) => {
  await page.goto(tenantUrl("comune-a", "/servizi"));
  await expect(page.getByRole("heading", { level: 1, name: "Servizi" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Carta d'identità elettronica" }).first()).toBeVisible();
  // The redirect pointed at the CMS stand-in's own port, not at the BFF.
  const cms = await fetch(`${SANDBOX_URL}/api-public/configComune/servizi`, {
    headers: { "X-Forwarded-Host": "servizi.comune.valverde.it" },
    redirect: "manual",
  });
  expect(cms.status).toBe(302);
  expect(new URL(cms.headers.get("location")!).origin).not.toBe(SANDBOX_URL);
});

test("comune-a: an appointment's e-mailed link shows it, and says where to change it (no changes by link)", async ({
  page,
}) => {
  // A seeded anonymous booking on the next open day, with its confirmation e-mail in the sandbox mailbox.
  await openMailboxLink(page, "comune-a", "prenotazione11@example.it", "Conferma prenotazione appuntamento");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Modifica appuntamento");
  await page.getByRole("button", { name: "Annulla appuntamento" }).click();
  const dialog = page.getByRole("dialog", { name: "Annulla appuntamento" });
  await dialog.getByRole("button", { name: "Sì, annulla l'appuntamento" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Modifica non disponibile dal collegamento",
  );
  await expect(page.getByText(/Accedi all'area personale e fallo dalla sezione Appuntamenti/)).toBeVisible();
  await expectAccessible(page);
});
