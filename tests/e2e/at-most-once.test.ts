import type { Page } from "@playwright/test";
import {
  test,
  expect,
  tenantUrl,
  expectAccessible,
  loginAs,
  resetCitizen,
  waitForHydration,
  CITIZENS,
} from "./fixtures.ts";
import { inDays } from "./deleghe-support.ts";

// At most once by the portal itself (issue #35, docs/decisions/upstream-writes.md): the upstream has no idempotency
// (the sandbox, like the published BFF's proxies, drops any such header), and before this a double click on
// "Invia la delega" made two delegations. Mario double-clicks the final submit of a new online delegation to Luca,
// with and without JavaScript: one delegation is made, and his list shows one.

const MARIO = CITIZENS["Mario Rossi"];
const LUCA = CITIZENS["Luca Verdi"];

const italian = (iso: string) => iso.split("-").reverse().join("/");

async function toSummary(page: Page, end: string, javaScript: boolean) {
  await page.goto(
    tenantUrl(
      "comune-a",
      `/api/utenti/login?redirector=${encodeURIComponent("/area-personale/deleghe/nuova/online")}`,
    ),
  );
  await loginAs(page, "Mario Rossi");
  // With JavaScript, the page's forms are React's once hydrated (a click before may be lost).
  if (javaScript) await waitForHydration(page);
  await page.getByLabel(/Codice fiscale del delegato/).fill(LUCA);
  await page.getByLabel(/Nome del delegato/).fill("Luca");
  await page.getByLabel(/Cognome del delegato/).fill("Verdi");
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByRole("group", { name: /Servizi da delegare/ })).toBeVisible();
  // bootstrap-italia draws the boxes on the labels (with JavaScript a click on the label; without, check the input).
  if (javaScript) {
    await page.locator('label[for="servizio-104"]').click();
    await page.locator('label[for="accetto"]').click();
  } else {
    await page.locator("#servizio-104").check({ force: true });
    await page.locator("#accetto").check({ force: true });
  }
  await page.getByLabel(/Data di scadenza della delega/).fill(end);
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText(`Luca Verdi (${LUCA})`)).toBeVisible();
}

/** Mario's delegations to Luca ending on `end`, as his list shows them. */
async function listed(page: Page, end: string) {
  await page.goto(tenantUrl("comune-a", "/area-personale/deleghe/delegati"));
  return page
    .getByRole("article")
    .filter({ hasText: "Luca Verdi" })
    .filter({ hasText: italian(end) });
}

/** Mario double-clicks "Invia la delega": one delegation, his list shows it once. */
async function doubleClickSend(page: Page, javaScript: boolean, days: number) {
  await resetCitizen(MARIO);
  await resetCitizen(LUCA);
  // An end date of its own for each run, so the list tells this delegation apart.
  const end = inDays(days);
  await toSummary(page, end, javaScript);
  await page.getByRole("button", { name: "Invia la delega" }).dblclick();
  await expect(page.getByRole("heading", { name: "Delega inviata", level: 2 })).toBeVisible();
  if (javaScript) await expectAccessible(page);
  const mine = await listed(page, end);
  await expect(mine).toHaveCount(1);
  await expect(mine.getByText("In attesa del delegato")).toBeVisible();
}

test("comune-a: a double click on «Invia la delega» makes one delegation (JavaScript on)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await doubleClickSend(page, true, 71);
});

test("comune-a: a double click on «Invia la delega» makes one delegation (no JavaScript)", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await doubleClickSend(await context.newPage(), false, 72);
  } finally {
    await context.close();
  }
});

/**
 * The first answer is in (the delegation made, the flow cleared) and the success page's data is still on its way
 * (held here): Mario presses «Invia la delega» again on the summary still shown. The button stays locked until the
 * outcome has loaded, so nothing more is posted; he sees "Delega inviata", never a flow that started over. (The same
 * press without JavaScript posts again: server/render/at-most-once.test.ts shows the portal answering it with the
 * first's outcome; a browser test cannot hold a redirect's second hop.)
 */
test("comune-a: «Invia la delega» pressed again while the success page loads sends nothing more", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await resetCitizen(MARIO);
  await resetCitizen(LUCA);
  const end = inDays(73);
  await toSummary(page, end, true);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const successAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/area-personale\/deleghe\/nuova\/successo\.data/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  const send = page.getByRole("button", { name: "Invia la delega" });
  await send.click();
  await successAsked;
  await expect(send).toHaveAttribute("aria-busy", "true");
  // `force`: the button says it is locked (aria-disabled), and a real press on it must still do nothing.
  await send.click({ force: true });
  release();
  await expect(page.getByRole("heading", { name: "Delega inviata", level: 2 })).toBeVisible();
  expect(posts).toHaveLength(1);
  await expect(await listed(page, end)).toHaveCount(1);
});
