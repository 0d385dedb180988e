/**
 * The personal area's messages (issue #9): the list with its GET filter and pages, one message (sanitised body,
 * "Vai alla pagina indicata nel messaggio", delete with confirmation), and the unread badges (tab and header) dropping by one when an unread message
 * is opened. Mario Rossi has 18 unread of 20 on comune-a and 3 unread of 4 on comune-b.
 */
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  tenantUrl,
  loginAs,
  expectAccessible,
  resetCitizen,
  screenshotForReview,
  waitForHydration,
  CITIZENS,
} from "./fixtures.ts";

const MARIO = CITIZENS["Mario Rossi"];
const LIST = "/area-personale/messaggi";
const INBOX = {
  "comune-a": { total: 20, unread: 18, read: 2 },
  "comune-b": { total: 4, unread: 3, read: 1 },
} as const;

async function openAsMario(page: Page, tenant: keyof typeof INBOX, path = LIST) {
  await page.goto(tenantUrl(tenant, path));
  await loginAs(page, "Mario Rossi");
  await expect(page).toHaveURL(tenantUrl(tenant, path));
}

/** The tab's and the header's unread counts, as screen readers hear them. */
async function expectUnread(page: Page, count: number) {
  const text = `${count} messaggi non letti`;
  await expect(
    page.getByRole("navigation", { name: /area personale/i }).getByRole("link", { name: /^Messaggi/ }),
  ).toContainText(text);
  await expect(page.locator("summary").filter({ hasText: "Mario Rossi" })).toContainText(text);
}

const messageLinks = (page: Page) =>
  page.getByRole("list", { name: "Elenco dei messaggi" }).getByRole("link");

for (const tenant of ["comune-a", "comune-b"] as const) {
  const inbox = INBOX[tenant];

  test.describe(`${tenant} at 1280px`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test("opening an unread message lowers the tab's and the header's badge by one", async ({ page }) => {
      await resetCitizen(MARIO);
      await openAsMario(page, tenant);
      await expect(page.getByRole("heading", { level: 2, name: "Messaggi" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "messaggi" })).toContainText(
        `${inbox.total} messaggi`,
      );
      await expect(messageLinks(page)).toHaveCount(Math.min(15, inbox.total));
      await expectUnread(page, inbox.unread);
      await page.locator("summary").filter({ hasText: "Mario Rossi" }).click();
      await expect(page.locator("details").getByRole("link", { name: /Area personale/ })).toContainText(
        `${inbox.unread} messaggi non letti`,
      );
      await page.keyboard.press("Escape");
      await expectAccessible(page);
      await screenshotForReview(page, `${tenant}-list-1280`);

      await waitForHydration(page);
      const first = messageLinks(page).filter({ hasText: "Non letto" }).first();
      const title = ((await first.textContent()) ?? "").replace(/^Non letto:\s*/, "").trim();
      await first.click();
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
      await expectUnread(page, inbox.unread - 1);
      await expectAccessible(page);
      await screenshotForReview(page, `${tenant}-message-1280`);

      await page.getByRole("link", { name: "Torna ai messaggi" }).click();
      await expect(messageLinks(page).filter({ hasText: title }).first()).toContainText("Letto:");
      await page.reload();
      await expectUnread(page, inbox.unread - 1);
    });

    test("the filter: read state, order and the original's date messages", async ({ page }) => {
      await resetCitizen(MARIO);
      await openAsMario(page, tenant);
      await waitForHydration(page);
      await page.getByLabel("Stato lettura").selectOption({ label: "Letti" });
      await page.getByLabel("Ordina per").selectOption({ label: "Data meno recente" });
      await page.getByRole("button", { name: "Applica filtri" }).click();
      await expect(page).toHaveURL(/stato=letti/);
      await expect(messageLinks(page)).toHaveCount(inbox.read);
      // The focus moves to the new count, not back to the page's top.
      await expect(page.getByRole("status").filter({ hasText: "messagg" })).toBeFocused();
      await expect(page.getByRole("status").filter({ hasText: "messagg" })).toContainText(
        inbox.read === 1 ? "1 messaggio" : `${inbox.read} messaggi`,
      );
      await page.getByLabel("Servizio").selectOption({ index: 1 });
      await page.getByRole("button", { name: "Applica filtri" }).click();
      await expect(page).toHaveURL(/servizio=/);
      await expectAccessible(page);

      await page.goto(tenantUrl(tenant, `${LIST}?da=2026-01-10&a=2026-01-01`));
      const summary = page.getByRole("region", { name: /errori/i });
      await expect(summary).toContainText("La data iniziale deve essere precedente alla data finale");
      await expect(page.getByLabel("A", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);

      await page.getByRole("link", { name: "Azzera filtri" }).click();
      await expect(page).toHaveURL(tenantUrl(tenant, LIST));
      // The fields are emptied too (issue #40: they kept the old dates, and the next filter applied them again).
      await expect(page.getByLabel("Da", { exact: true })).toHaveValue("");
      await expect(page.getByLabel("A", { exact: true })).toHaveValue("");
      await expect(page.getByRole("status").filter({ hasText: "messaggi" })).toContainText(
        `${inbox.total} messaggi`,
      );
    });

    test("delete asks first, then the list confirms it", async ({ page }) => {
      await resetCitizen(MARIO);
      await openAsMario(page, tenant);
      await waitForHydration(page);
      const link = messageLinks(page).first();
      const title = ((await link.textContent()) ?? "").replace(/^(Non letto|Letto):\s*/, "").trim();
      const address = (await link.getAttribute("href"))!;
      await link.click();
      await page.getByRole("link", { name: "Elimina" }).click();
      await expect(page.getByRole("heading", { name: "Elimina notifica" })).toBeFocused();
      await expect(
        page.getByText(`Stai per eliminare il messaggio "${title}". Vuoi proseguire?`),
      ).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("link", { name: "Annulla" }).click();
      await expect(page.getByRole("heading", { name: "Elimina notifica" })).toHaveCount(0);
      await page.getByRole("link", { name: "Elimina" }).click();
      await page.getByRole("button", { name: "Elimina" }).click();
      await expect(page).toHaveURL(/\/area-personale\/messaggi\?eliminato=1$/);
      await expect(page.getByRole("status").filter({ hasText: "Messaggio eliminato" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "messaggi" }).first()).toContainText(
        `${inbox.total - 1} messaggi`,
      );
      await expect(page.locator(`a[href="${address}"]`)).toHaveCount(0);
    });

    test("an unknown message is a 404 inside the personal area", async ({ page }) => {
      await openAsMario(page, tenant, `${LIST}/non-esiste`);
      await expect(page.getByRole("heading", { level: 2, name: "Messaggio non trovato" })).toBeVisible();
      await expect(page).toHaveTitle(/^Messaggio non trovato - /);
      const response = await page.reload();
      expect(response?.status()).toBe(404);
      await expectAccessible(page);
    });
  });
}

test.describe("comune-a at 1280px: one message", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the body is shown without its script, Vai leads to the service, pages of 15", async ({ page }) => {
    await resetCitizen(MARIO);
    page.on("dialog", (dialog) => {
      throw new Error(`unexpected dialog: ${dialog.message()}`);
    });
    await openAsMario(page, "comune-a", `${LIST}/rssmra-a-01`);
    await expect(page.getByText("I tuoi dati di residenza sono stati aggiornati.")).toBeVisible();
    await expect(page.locator(".message-body script, .message-body [onclick]")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Vai alla pagina indicata nel messaggio" })).toHaveCount(0);

    await page.goto(tenantUrl("comune-a", `${LIST}/rssmra-a-02`));
    await page.getByRole("link", { name: "Vai alla pagina indicata nel messaggio" }).click();
    await expect(page).toHaveURL(/\/servizi\/prenotazione-appuntamento(\?|$)/);

    await page.goto(tenantUrl("comune-a", LIST));
    await waitForHydration(page);
    await expect(page.getByRole("status").filter({ hasText: "messaggi" })).toContainText(
      "20 messaggi (mostrati i primi 15 di 20)",
    );
    const fifteenth = (await messageLinks(page).nth(14).textContent()) ?? "";
    await page.getByRole("link", { name: "Vedi altre notifiche" }).click();
    await expect(page).toHaveURL(/pagina=2#messaggio-16$/);
    // Added to the list, not in its place; the focus on the first message added.
    await expect(messageLinks(page)).toHaveCount(20);
    await expect(messageLinks(page).nth(14)).toHaveText(fifteenth);
    await expect(messageLinks(page).nth(15)).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "messaggi" })).toHaveText("20 messaggi");
    await expect(page.getByRole("link", { name: "Vedi altre notifiche" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("by keyboard: open a message and reach the delete confirmation", async ({ page }) => {
    await resetCitizen(MARIO);
    await openAsMario(page, "comune-a");
    await waitForHydration(page);
    await messageLinks(page).first().focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("link", { name: "Elimina" })).toBeVisible();
    await page.getByRole("link", { name: "Elimina" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("heading", { name: "Elimina notifica" });
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Elimina" })).toBeFocused();
  });
});

test.describe("comune-a at 390px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the list and a message fit a phone", async ({ page }) => {
    await resetCitizen(MARIO);
    await openAsMario(page, "comune-a");
    await expect(messageLinks(page)).toHaveCount(15);
    // Nothing of the page's own section is wider than the phone (the layout's tabs scroll by themselves).
    const overflowing = await page.evaluate(
      () =>
        [...document.querySelectorAll('section[aria-labelledby="messages-title"] *')].filter(
          (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
        ).length,
    );
    expect(overflowing).toBe(0);
    await expectAccessible(page);
    await screenshotForReview(page, "comune-a-list-390");
    await messageLinks(page).nth(1).click();
    await expect(page.getByRole("link", { name: "Elimina" })).toBeVisible();
    await expectAccessible(page);
    await screenshotForReview(page, "comune-a-message-390");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  for (const tenant of ["comune-a", "comune-b"] as const) {
    test(`${tenant}: filter, open (badge −1) and delete`, async ({ page }) => {
      const inbox = INBOX[tenant];
      await resetCitizen(MARIO);
      await openAsMario(page, tenant);
      await expectUnread(page, inbox.unread);
      await page.getByLabel("Stato lettura").selectOption({ label: "Non letti" });
      await page.getByRole("button", { name: "Applica filtri" }).click();
      await expect(page).toHaveURL(/stato=non-letti/);
      await expect(page.getByRole("status").filter({ hasText: "messaggi" })).toContainText(
        `${inbox.unread} messaggi`,
      );
      await messageLinks(page).first().click();
      await expectUnread(page, inbox.unread - 1);
      await page.getByRole("link", { name: "Elimina" }).click();
      await expect(page).toHaveURL(/elimina=1/);
      await page.getByRole("button", { name: "Elimina" }).click();
      await expect(page).toHaveURL(/eliminato=1/);
      await expect(page.getByText("Messaggio eliminato")).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "messaggi" }).first()).toContainText(
        `${inbox.total - 1} messaggi`,
      );
      // axe needs scripts in the page: the same pages are checked with JavaScript in the tests above.
      await screenshotForReview(page, `${tenant}-nojs-deleted`);
    });
  }
});
