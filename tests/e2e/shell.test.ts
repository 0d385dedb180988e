/**
 * The shell by keyboard only (skip links, menus, mobile menu, user dropdown, site search), the site search's
 * tenant rules, the English locale, and the rating component by keyboard and without JavaScript.
 */
import type { Locator, Page } from "@playwright/test";
import {
  test,
  expect,
  tenantUrl,
  TENANTS,
  expectAccessible,
  logIn,
  SANDBOX_URL,
  pressAcrossHydration,
  waitForHydration,
  holdScripts,
  settled,
} from "./fixtures.ts";
import { isVisibleForChecker, tabTo } from "./conformance-checks.ts";

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? {
          tag: el.tagName.toLowerCase(),
          id: el.id,
          text: (el.textContent ?? "").trim(),
          de: el.getAttribute("data-element"),
        }
      : null;
  });

/**
 * With an overlay open, the wheel turned over the middle of a phone's screen leaves the page behind where it was, and
 * the page cannot be scrolled (its root's overflow is hidden); with the overlay closed, the same turn scrolls the page.
 * The page stays at its top until then, so the focus going back to the opener moves nothing, and the last position
 * (one turn, not two) shows that a turn made while the overlay was open was not applied late. `settle` waits for the
 * page's frame where scripts run (without JavaScript there is none to wait for).
 */
async function expectStillBehind(
  page: Page,
  overlay: { open(): Promise<unknown>; close(): Promise<unknown> },
  settle: () => Promise<unknown> = () => settled(page),
) {
  const scrollY = () => page.evaluate(() => window.scrollY);
  const rootOverflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflowY);
  expect(await scrollY()).toBe(0);
  await overlay.open();
  await page.mouse.move(195, 600);
  await page.mouse.wheel(0, 400);
  await settle();
  expect(await scrollY()).toBe(0);
  expect(await rootOverflow()).toBe("hidden");
  await overlay.close();
  expect(await rootOverflow()).not.toBe("hidden");
  await page.mouse.wheel(0, 400);
  await expect.poll(scrollY).toBe(400);
  await page.evaluate(() => window.scrollTo(0, 0));
}

type FeedbackRecord = {
  comune: string;
  pagePath: string | null;
  pageTitle: string | null;
  rating: number;
  option: string;
  details: string | null;
};

/** Whether each star (1 to 5) is drawn filled (the primary colour) or empty (white), as the eye sees it. */
async function starFills(feedback: Locator): Promise<string[]> {
  return feedback
    .locator('[data-element^="feedback-rate-"] svg')
    .evaluateAll((svgs) =>
      svgs.map((svg) => (getComputedStyle(svg).fill === "rgb(255, 255, 255)" ? "empty" : "filled")),
    );
}

async function storedFeedback(comune: string, details: string): Promise<FeedbackRecord | undefined> {
  const res = await fetch(`${SANDBOX_URL}/__sandbox/feedback?comune=${comune}`);
  const all = (await res.json()) as FeedbackRecord[];
  return all.find((f) => f.details === details);
}

for (const tenant of ["comune-a", "comune-b"] as const) {
  test.describe(`${tenant} by keyboard at 1280px`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test("the skip links reach the main content and the footer", async ({ page }) => {
      await page.goto(tenantUrl(tenant, "/"));
      await page.keyboard.press("Tab");
      const toContent = page.getByRole("link", { name: "Vai ai contenuti" });
      await expect(toContent).toBeFocused();
      await expect(toContent).toBeVisible();
      await expect(toContent).toHaveAttribute("href", "#main-container");
      await page.keyboard.press("Enter");
      await expect(page.locator("main#main-container")).toBeFocused();

      await page.goto(tenantUrl(tenant, "/servizi/9999"));
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      const toFooter = page.getByRole("link", { name: "Vai al footer" });
      await expect(toFooter).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#footer$/);
      await expect(page.locator("footer#footer")).toBeInViewport();
      // The next Tab continues inside the footer.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("footer") !== null)).toBe(true);
    });

    test("Tab walks the login link, then the main menu's entries and all the topics", async ({ page }) => {
      await page.goto(tenantUrl(tenant, "/"));
      const seen: string[] = [];
      for (let i = 0; i < 60 && !seen.includes("all-topics"); i++) {
        await page.keyboard.press("Tab");
        const f = await focused(page);
        if (f?.de) seen.push(f.de);
      }
      // Montealto has no website (issue #40): of the model's four entries only "Servizi", which the portal serves.
      expect(seen).toEqual(
        tenant === "comune-b"
          ? ["personal-area-login", "all-services", "all-topics"]
          : ["personal-area-login", "management", "news", "all-services", "live", "all-topics"],
      );
      // Enter follows the focused entry (an external site: answered locally, no network).
      await page.route(/^https:\/\/www\.comune\.(valverde|montealto)\.it\//, (route) =>
        route.fulfill({
          status: 200,
          contentType: "text/html",
          body: "<!doctype html><html lang='it'><title>CMS</title><p>CMS</p></html>",
        }),
      );
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/argomenti$/);
    });

    test("the site search: offered only with a CMS; opens, closes with Escape and searches by keyboard", async ({
      page,
    }) => {
      await page.goto(tenantUrl(tenant, "/"));
      await waitForHydration(page);
      const opener = page.getByRole("button", { name: "Cerca nel sito" });
      if (tenant === "comune-b") {
        await expect(opener).toHaveCount(0);
        await expect(page.locator("#ricerca-sito")).toHaveCount(0);
        await expect(page.getByText("Cerca per parola chiave")).toHaveCount(0);
        return;
      }
      const cms: string[] = [];
      await page.route("https://www.comune.valverde.it/**", (route) => {
        cms.push(route.request().url());
        return route.fulfill({
          status: 200,
          contentType: "text/html",
          body: "<!doctype html><html lang='it'><title>Ricerca</title><p>Risultati</p></html>",
        });
      });
      await tabTo(page, opener);
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Cerca per parola chiave" });
      await expect(dialog).toBeVisible();
      const input = dialog.getByLabel("Parole da cercare");
      await expect(input).toBeFocused();
      await expectAccessible(page);
      // Tab stays inside the dialog.
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.closest("#ricerca-sito") !== null)).toBe(
          true,
        );
      }
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      // An empty search stays here and says why.
      await page.keyboard.press("Enter");
      await expect(input).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(dialog.getByText("Scrivi almeno una parola da cercare.")).toBeVisible();
      expect(cms).toEqual([]);

      await input.pressSequentially("raccolta <rifiuti>");
      await page.keyboard.press("Enter");
      await page.waitForURL("https://www.comune.valverde.it/ricerca?**");
      const url = new URL(page.url());
      expect(url.searchParams.get("s")).toBe("raccolta <rifiuti>");
      expect(cms).toHaveLength(1);
    });

    test("the rating by keyboard: stars with Space and arrows, the matching follow-up, send, thanks, stored", async ({
      page,
    }) => {
      const details = `tastiera ${tenant} ${Date.now()}`;
      await page.goto(tenantUrl(tenant, "/"));
      await waitForHydration(page);
      const feedback = page.locator('[data-element="feedback"]');
      const positive = feedback.locator('[data-element="feedback-rating-positive"]');
      const negative = feedback.locator('[data-element="feedback-rating-negative"]');
      const star = (n: number) => feedback.locator(`input[name="rating"][value="${n}"]`);
      // Sent without a star: the error summary takes the focus and its link leads to the first star.
      await tabTo(page, feedback.getByRole("button", { name: "Invia" }));
      await page.keyboard.press("Enter");
      const summary = feedback.getByRole("region", { name: "Correggi i seguenti errori" });
      await expect(summary).toBeFocused();
      await expectAccessible(page);
      await summary.focus();
      await page.keyboard.press("Tab");
      await expect(summary.getByRole("link", { name: "Seleziona da 1 a 5 stelle." })).toBeFocused();
      await page.keyboard.press("Enter");
      // The stars are in reading order: "1 stella" first, the right arrow goes to the next one, which is also the
      // one to its right on screen, and the chosen star and those before it are filled.
      await expect(star(1)).toBeFocused();
      const boxes = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => feedback.locator(`[data-element="feedback-rate-${n}"]`).boundingBox()),
      );
      expect(boxes.map((box) => box?.x ?? NaN)).toEqual(
        [...boxes.map((box) => box?.x ?? NaN)].sort((a, b) => a - b),
      );
      await page.keyboard.press("Space");
      await expect(star(1)).toBeChecked();
      await expect(negative).toBeVisible();
      for (const n of [2, 3, 4, 5]) {
        await page.keyboard.press("ArrowRight");
        await expect(star(n)).toBeChecked();
        await expect(star(n)).toBeFocused();
      }
      await expect(positive).toBeVisible();
      expect(await isVisibleForChecker(negative)).toBe(false);
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect(star(3)).toBeChecked();
      await expect(negative).toBeVisible();
      await expect(positive).toBeHidden();
      expect(await starFills(feedback)).toEqual(["filled", "filled", "filled", "empty", "empty"]);
      await expect(negative.locator('[data-element="feedback-rating-question"]')).toHaveText(
        "Dove hai incontrato le maggiori difficoltà?",
      );

      await page.keyboard.press("Tab");
      const first = negative.getByLabel("A volte le indicazioni non erano chiare");
      await expect(first).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(negative.getByLabel("A volte le indicazioni non erano complete")).toBeChecked();
      await page.keyboard.press("Tab");
      await expect(feedback.getByLabel("Vuoi aggiungere altri dettagli?")).toBeFocused();
      await page.keyboard.type(details);
      await tabTo(page, feedback.getByRole("button", { name: "Invia" }), 5);
      await page.keyboard.press("Enter");
      const thanks = feedback.getByText("Grazie, il tuo parere ci aiuterà a migliorare il servizio!");
      await expect(thanks).toBeVisible();
      await expect(thanks).toBeFocused();
      await expect(page).toHaveURL(tenantUrl(tenant, "/"));

      await expect
        .poll(() => storedFeedback(tenant, details))
        .toMatchObject({
          comune: tenant,
          pagePath: "/",
          pageTitle: "Servizi online",
          rating: 3,
          option: "negativo2",
          details,
        });
    });
  });

  test.describe(`${tenant} by keyboard at 390px`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the mobile menu opens and closes with the keyboard and keeps the focus inside", async ({
      page,
    }) => {
      await page.goto(tenantUrl(tenant, "/"));
      await waitForHydration(page);
      const toggler = page.getByRole("button", { name: "Apri il menu" });
      const panel = page.locator("#menu-principale");
      // The menu's first entry (Montealto has no website: its "Servizi", issue #40).
      const management = panel.locator(
        `[data-element="${tenant === "comune-b" ? "all-services" : "management"}"]`,
      );
      await expect(management).toBeHidden();
      await tabTo(page, toggler);
      await expect(toggler).toHaveAttribute("aria-expanded", "false");
      await page.keyboard.press("Enter");
      await expect(toggler).toHaveAttribute("aria-expanded", "true");
      const close = page.getByRole("button", { name: "Chiudi il menu" });
      await expect(close).toBeFocused();
      await expect(management).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(management).toBeFocused();
      // Shift+Tab from the close button wraps to the last entry, still inside the panel.
      await page.keyboard.press("Shift+Tab");
      await expect(close).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(panel.locator('[data-element="all-topics"]')).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(toggler).toBeFocused();
      await expect(toggler).toHaveAttribute("aria-expanded", "false");
      await expect(management).toBeHidden();

      await page.keyboard.press("Enter");
      await expect(close).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(toggler).toBeFocused();
      await expect(management).toBeHidden();
    });

    test("the page behind the open menu or search stays still under the wheel", async ({ page }) => {
      await page.goto(tenantUrl(tenant, "/"));
      await waitForHydration(page);
      await expectStillBehind(page, {
        open: () => page.getByRole("button", { name: "Apri il menu" }).click(),
        close: () => page.getByRole("button", { name: "Chiudi il menu" }).click(),
      });
      if (tenant === "comune-b") return; // no site search without a CMS
      await expectStillBehind(page, {
        open: () => page.getByRole("button", { name: "Cerca nel sito" }).click(),
        close: () => page.keyboard.press("Escape"),
      });
    });

    test("the login link is reachable and named at phone width", async ({ page }) => {
      await page.goto(tenantUrl(tenant, "/"));
      const loginLink = page.locator('[data-element="personal-area-login"]');
      await tabTo(page, loginLink);
      await expect(loginLink).toHaveAccessibleName("Accedi all'area personale");
      await expect(loginLink).toHaveAttribute("href", "/api/utenti/login?redirector=%2F");
    });
  });

  for (const width of [1280, 390]) {
    test(`${tenant} at ${width}px: the user dropdown by keyboard when logged in`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await logIn(page, tenant, "Anna Esposito");
      await waitForHydration(page);
      const summary = page.locator("header details.it-user-wrapper > summary");
      await expect(summary).toContainText("Anna Esposito");
      const menu = page.locator("header details.it-user-wrapper .dropdown-menu");
      await expect(menu).toBeHidden();
      await tabTo(page, summary);
      await page.keyboard.press("Enter");
      await expect(menu).toBeVisible();
      // Anna has unread messages: the entry says how many.
      await expect(menu.getByRole("link")).toHaveText([/^Area personale\s*\d+/, "Profilo", "Esci"]);
      await expect(menu.getByRole("link", { name: /^Area personale/ })).toContainText(
        /\d+ (messaggio non letto|messaggi non letti)/,
      );
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link", { name: /^Area personale/ })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(summary).toBeFocused();
      await page.keyboard.press("Space");
      await expect(menu).toBeVisible();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(tenantUrl(tenant, "/area-personale"));
      await expect(page.getByRole("heading", { level: 1, name: "Anna Esposito" })).toBeVisible();
      await expect(menu).toBeHidden();
    });
  }
}

test.describe("the English locale", () => {
  for (const tenant of ["comune-a", "comune-b"] as const) {
    test(`${tenant}: ?lang=en switches the shell to English, remembers it, and ?lang=it switches back`, async ({
      page,
    }) => {
      await page.goto(tenantUrl(tenant, "/?lang=en"));
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.locator(".skiplinks a")).toHaveText(["Skip to content", "Skip to footer"]);
      await expect(page.locator('[data-element="personal-area-login"]')).toContainText(
        "Log in to your personal area",
      );
      await expect(page.getByRole("banner")).toContainText("Citizen Portal");
      await expect(page.getByRole("navigation", { name: "Main menu" })).toHaveCount(1);
      await expect(
        page.getByRole("contentinfo").getByRole("img", { name: "European Union logo" }),
      ).toBeVisible();
      await expect(page.getByRole("banner")).toContainText("Follow us on");
      // Footer labels of the shell (the menus and the contacts block are the municipality's own Italian content).
      await expect(page.getByRole("contentinfo").getByRole("heading", { name: "Useful links" })).toHaveCount(
        1,
      );
      await expect(page.locator('[data-element="feedback-title"]')).toHaveText(
        "How clear is the information on this page?",
      );
      await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Contact the municipality" })).toBeVisible();
      await expect(
        page
          .getByRole("region", { name: "Contact the municipality" })
          .getByRole("link", { name: "Book an appointment" }),
      ).toBeVisible();
      // The page's own texts are English too (docs/decisions/texts.md).
      await expect(page.getByRole("heading", { level: 1, name: "Online services" })).toBeVisible();
      if (tenant === "comune-a")
        await expect(page.getByRole("button", { name: "Search the site" })).toBeVisible();
      await expect(page.locator('a[lang="en"][aria-current="true"]')).toHaveCount(1);
      await expectAccessible(page);
      const lang = (await page.context().cookies()).find((c) => c.name === "lang");
      expect(lang?.value).toBe("en");

      // The choice is remembered on the next page (no parameter).
      await page.goto(tenantUrl(tenant, tenant === "comune-a" ? "/servizi/102" : "/servizi/202"));
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.locator('[data-element="page-index"] > li > a').first()).toHaveText("Who it is for");
      await expect(page.locator('[data-element="breadcrumb"]')).toContainText("Services");
      await expectAccessible(page);

      // The star labels of the rating follow the language too.
      await page.locator('[data-element="feedback-rate-2"]').click();
      await expect(
        page.locator('[data-element="feedback-rating-negative"] [data-element="feedback-rating-question"]'),
      ).toHaveText("Where did you have the most difficulty?");

      await page.getByRole("link", { name: "Italiano" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "it");
      await expect(page.locator('[data-element="personal-area-login"]')).toContainText(
        "Accedi all'area personale",
      );
      await expect(page.locator(".skiplinks a").first()).toHaveText("Vai ai contenuti");
      await expect(page).toHaveTitle(new RegExp(` - ${TENANTS[tenant].name}$`));
    });
  }
});

test("another page of the same route has its own rating: not the previous page's star nor its thanks", async ({
  page,
}) => {
  await page.goto(tenantUrl("comune-b", "/argomenti/anagrafe"));
  await waitForHydration(page);
  const feedback = page.locator('[data-element="feedback"]');
  const thanks = feedback.getByText("Grazie, il tuo parere ci aiuterà a migliorare il servizio!");
  await feedback.locator('[data-element="feedback-rate-2"]').click();
  await page.locator('a[href="/argomenti/istruzione"]').first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Istruzione");
  await expect(feedback.getByRole("radio", { name: "Valuta 2 stelle su 5" })).not.toBeChecked();
  await expect(feedback.locator('[data-element="feedback-rating-negative"]')).toHaveCount(0);

  await feedback.locator('[data-element="feedback-rate-5"]').click();
  await feedback
    .locator('[data-element="feedback-rating-positive"]')
    .getByText("Le indicazioni erano complete")
    .click();
  await feedback.getByRole("button", { name: "Invia" }).click();
  await expect(thanks).toBeVisible();
  await page.locator('a[href="/argomenti/sport"]').first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sport");
  await expect(thanks).toHaveCount(0);
  await expect(feedback.getByRole("radio", { name: "Valuta 5 stelle su 5" })).not.toBeChecked();
});

test.describe("the menu without JavaScript at 390px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the page behind the open menu stays still under the wheel", async ({ page }) => {
    await page.goto(tenantUrl("comune-b", "/"));
    await expectStillBehind(
      page,
      {
        open: () => page.getByRole("link", { name: "Apri il menu" }).click(),
        close: () => page.getByRole("link", { name: "Chiudi il menu" }).click(),
      },
      () => page.waitForLoadState("load"),
    );
  });
});

test.describe("the rating without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain POST stores the rating and comes back to the page with the thanks", async ({ page }) => {
    const details = `senza js ${Date.now()}`;
    await page.goto(tenantUrl("comune-b", "/servizi/202"));
    const feedback = page.locator('[data-element="feedback"]');
    const positive = feedback.locator('[data-element="feedback-rating-positive"]');
    // The follow-ups are not in the first HTML (they come with a star); without JavaScript the action shows the
    // form again with the stars and the text kept and the matching follow-up to answer, without an error (#25).
    await expect(positive).toHaveCount(0);
    await feedback.locator('[data-element="feedback-rate-5"]').click();
    await feedback.getByLabel("Vuoi aggiungere altri dettagli?").fill(details);
    await feedback.getByRole("button", { name: "Invia" }).click();
    await expect(page).toHaveURL(tenantUrl("comune-b", "/valutazione"));
    await expect(feedback.getByRole("radio", { name: "Valuta 5 stelle su 5" })).toBeChecked();
    await expect(feedback.getByText("Scegli una delle risposte proposte.")).toHaveCount(0);
    await expect(feedback.getByLabel("Vuoi aggiungere altri dettagli?")).toHaveValue(details);
    await expect(positive).toBeVisible();
    const negative = feedback.locator('[data-element="feedback-rating-negative"]');
    await expect(negative).toBeHidden();
    // Another star on that form: its own question shows, and back again.
    await feedback.locator('[data-element="feedback-rate-2"]').click();
    await expect(negative).toBeVisible();
    await expect(positive).toBeHidden();
    await feedback.locator('[data-element="feedback-rate-5"]').click();
    await expect(positive).toBeVisible();
    await positive.getByText("Le indicazioni erano complete").click();
    await feedback.getByRole("button", { name: "Invia" }).click();
    await expect(page).toHaveURL(tenantUrl("comune-b", "/servizi/202?valutazione=inviata#valutazione"));
    await expect(
      feedback.getByText("Grazie, il tuo parere ci aiuterà a migliorare il servizio!"),
    ).toBeVisible();
    await expect(feedback.locator("form")).toHaveCount(0);
    await expect
      .poll(() => storedFeedback("comune-b", details))
      .toMatchObject({
        pagePath: "/servizi/202",
        pageTitle: "Certificati online",
        rating: 5,
        option: "positivo2",
      });
  });

  test("sent without a star: the rating's page says what to fix above the form, its link leads to the stars", async ({
    page,
  }) => {
    await page.goto(tenantUrl("comune-a", "/faq"));
    const sent = page.waitForResponse((response) => response.url().endsWith("/valutazione"));
    await page.locator('[data-element="feedback"]').getByRole("button", { name: "Invia" }).click();
    expect((await sent).status()).toBe(400);
    const summary = page.getByRole("region", { name: "Correggi i seguenti errori" });
    await expect(summary).toBeVisible();
    await summary.getByRole("link", { name: "Scegli un punteggio da 1 a 5 stelle." }).click();
    await expect(page.getByRole("radio", { name: "Valuta 1 stella su 5" })).toBeFocused();
  });

  test("the site search opener leads to the CMS search page", async ({ page }) => {
    await page.route("https://www.comune.valverde.it/**", (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><html lang='it'><title>Ricerca</title></html>",
      }),
    );
    await page.goto(tenantUrl("comune-a", "/"));
    // No dialog markup in the page: without JavaScript the opener is a link to the CMS's own search page.
    await expect(page.locator("#ricerca-sito")).toHaveCount(0);
    await page.getByRole("link", { name: "Cerca nel sito" }).click();
    await page.waitForURL("https://www.comune.valverde.it/ricerca");
  });
});

// A slow phone: the citizen presses the menu or the search opener before the scripts have run and lifts the finger
// once the page is hydrated. Both are links without JavaScript and buttons after; were the link replaced by a button
// at hydration, the press would make no click (Chromium sends none when the element pressed is gone at release), and
// the menu or the search would not open (client/components/ui/link-button.tsx, issue #39).
test.describe("a press that spans the page's hydration, at 390px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Presses `name`'s control on comune-a's home across its hydration (`pressAcrossHydration`). */
  const pressOnHome = (page: Page, name: string) =>
    pressAcrossHydration(page, tenantUrl("comune-a", "/"), (p) => p.getByRole("link", { name }));

  test("the menu opens", async ({ page }) => {
    await pressOnHome(page, "Apri il menu");
    await expect(page.getByRole("button", { name: "Apri il menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator('#menu-principale [data-element="management"]')).toBeVisible();
    await expect(page.getByRole("button", { name: "Chiudi il menu" })).toBeFocused();
    // A button answers Space too, not only Enter.
    await page.keyboard.press("Escape");
    const toggler = page.getByRole("button", { name: "Apri il menu" });
    await expect(toggler).toBeFocused();
    await expect(toggler).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Space");
    await expect(toggler).toHaveAttribute("aria-expanded", "true");
  });

  test("the site search opens", async ({ page }) => {
    await pressOnHome(page, "Cerca nel sito");
    await expect(page.getByRole("dialog", { name: "Cerca per parola chiave" })).toBeVisible();
    await expect(page).toHaveURL(tenantUrl("comune-a", "/"));
  });
});

// WCAG 1.4.4: text at 200 % (a larger browser font) keeps the header whole at 1280px: no sideways scroll, every topic
// on screen, the brand's tagline above the menu.
test("comune-a at 1280px with text at 200 %: the header wraps, nothing off-screen or cut", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(tenantUrl("comune-a", "/"));
  await page.addStyleTag({ content: "html { font-size: 200% !important; }" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  const topics = page.locator('header [data-element="all-topics"]');
  await expect(topics).toBeInViewport({ ratio: 1 });
  const tagline = await page
    .locator("header")
    .getByText("Portale del Cittadino", { exact: true })
    .boundingBox();
  const menu = await page.locator('header [data-element="main-navigation"]').boundingBox();
  expect(tagline!.y + tagline!.height).toBeLessThanOrEqual(menu!.y);
});

// Back pressed on a slow phone before the scripts have run, to a page the router had pushed before a reload: the
// address moves within the document and nothing loads. Hydrated as it was, the page left stayed under the address
// gone back to (a CI run of the booking's "reload, then Back", issue #39); it is loaded anew for that address
// (client/lib/rendered-address.ts).
test("Back before the page is hydrated shows the page gone back to", async ({ page }) => {
  const topics = page.getByRole("heading", { level: 1, name: "Argomenti" });
  await page.goto(tenantUrl("comune-b", "/"));
  await waitForHydration(page);
  await page.locator('header [data-element="all-topics"]').click();
  await expect(topics).toBeVisible();

  const release = await holdScripts(page);
  await page.reload({ waitUntil: "commit" });
  await expect(topics).toBeVisible();
  await page.goBack({ waitUntil: "commit" });
  await expect(page).toHaveURL(tenantUrl("comune-b", "/"));
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Servizi online" })).toBeVisible();
  await settled(page);
  await expect(topics).toHaveCount(0);
  await expect(page).toHaveURL(tenantUrl("comune-b", "/"));
  await expectAccessible(page);
});

// The address is compared as React Router's server spells it (`?q=a+b` for `?q=a%20b`): a query the browser spells
// otherwise is loaded once, not reloaded by that check.
test("a page whose address the browser spells otherwise than the server is loaded once", async ({ page }) => {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.goto(tenantUrl("comune-b", "/argomenti?da=carta%20d'identit%C3%A0%20(CIE)"));
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "Argomenti" })).toBeVisible();
  expect(documents).toEqual([tenantUrl("comune-b", "/argomenti?da=carta%20d%27identit%C3%A0%20(CIE)")]);
});
