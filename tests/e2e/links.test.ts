/**
 * Every internal link the pages render leads somewhere: from the home page, the FAQ, a service page, the first
 * booking step and the personal area (anonymous and logged in, on two municipalities), each distinct same-origin
 * address is asked for once (a plain GET, no redirects followed) and must not answer 404. Links are
 * built with `href()` on the route table (client/routes.ts); this catches what the types cannot: tenant menus,
 * query strings and the login's `redirector`.
 */
import type { Page } from "@playwright/test";
import { test, expect, tenantUrl, loginAs, holdSandboxFault, type TenantId } from "./fixtures.ts";

/** A configured service of each municipality, shown by /servizi/:id. */
const SERVICE_PAGE: Record<"comune-a" | "comune-b", string> = {
  "comune-a": "/servizi/102",
  "comune-b": "/servizi/202",
};

const START_PAGES = (tenant: "comune-a" | "comune-b") => [
  "/",
  "/faq",
  SERVICE_PAGE[tenant],
  "/servizi/prenotazione-appuntamento",
  "/area-personale",
  "/area-personale/messaggi",
  "/area-personale/attivita",
  "/area-personale/documenti",
  "/area-personale/servizi",
  "/area-personale/profilo-utente",
];

/** Addresses served outside React Router: the upstream relay (checked by the proxy's own tests) and built assets. */
const NOT_ROUTES = [/^\/api\//, /^\/api-public\//, /^\/assets\//];

/**
 * Routes of the spec's table (portal-spec §2) that are not built yet: the municipalities' configuration already links
 * to them (services, menus). Each feature issue deletes its line when its route lands; nothing else belongs here.
 */
const SPEC_ROUTES_NOT_BUILT_YET = [/^\/area-personale\/deleghe(\/|$)/];

const MAX_LINKS = 150;

/** The same-origin addresses (path and query) of the page's links; the login's `redirector` counts as one too. */
async function internalLinks(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const found: string[] = [];
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    const redirector = url.pathname === "/api/utenti/login" ? url.searchParams.get("redirector") : null;
    if (redirector?.startsWith("/")) found.push(redirector);
    found.push(`${url.pathname}${url.search}`);
  }
  return found;
}

async function collectLinks(page: Page, tenant: "comune-a" | "comune-b"): Promise<Map<string, string>> {
  const linkedFrom = new Map<string, string>();
  for (const start of START_PAGES(tenant)) {
    await page.goto(tenantUrl(tenant, start));
    for (const link of await internalLinks(page)) if (!linkedFrom.has(link)) linkedFrom.set(link, start);
  }
  return linkedFrom;
}

async function expectNoDeadLinks(page: Page, tenant: "comune-a" | "comune-b") {
  const linkedFrom = await collectLinks(page, tenant);
  const toCheck = [...linkedFrom.keys()].filter(
    (link) =>
      !NOT_ROUTES.some((re) => re.test(link)) &&
      !SPEC_ROUTES_NOT_BUILT_YET.some((re) => re.test(new URL(link, "http://x").pathname)),
  );
  expect(toCheck.length, "links found").toBeGreaterThan(10);
  expect(toCheck.length, "links to check (raise MAX_LINKS?)").toBeLessThanOrEqual(MAX_LINKS);
  // Asked from a page of the portal (the test runner cannot resolve the municipalities' *.localhost hosts), with its
  // cookies, as plain GETs: no page script runs. Not from where the walk ended: an anonymous visitor's last start page
  // is the demo login page, whose own policy lets it fetch nothing. Redirects are not followed (`opaqueredirect`,
  // status 0): a link to /logout must not end the session the next links are checked with.
  await page.goto(tenantUrl(tenant, "/"));
  const statuses = await page.evaluate(async (links) => {
    const answers: number[] = [];
    for (const link of links) answers.push((await fetch(link, { redirect: "manual" })).status);
    return answers;
  }, toCheck);
  const dead = toCheck
    .filter((_, i) => statuses[i] === 404)
    .map((link) => `${link} (linked from ${linkedFrom.get(link)})`);
  expect(dead, "links to no page").toEqual([]);
}

for (const tenant of ["comune-a", "comune-b"] as const satisfies TenantId[]) {
  test.describe(`${tenant}: internal links`, () => {
    test.describe.configure({ timeout: 120_000 });

    test("anonymous: every internal link points to a page", async ({ page }) => {
      // The walk visits the FAQ: never while faq.test.ts has the knowledge base down in another worker.
      await holdSandboxFault("kb");
      await expectNoDeadLinks(page, tenant);
    });

    test("logged in: every internal link points to a page", async ({ page }) => {
      await page.goto(tenantUrl(tenant, "/api/utenti/login?redirector=%2F"));
      await loginAs(page, "Mario Rossi");
      await expect(page).toHaveURL(tenantUrl(tenant, "/"));
      await holdSandboxFault("kb");
      await expectNoDeadLinks(page, tenant);
    });
  });
}
