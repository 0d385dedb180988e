import type { Browser, Page } from "@playwright/test";
import { test, expect, tenantUrl, expectAccessible, resetCitizen } from "./fixtures.ts";
import { BOOKING, chooseSlot, choosePlace, next, expectStep } from "./appointments-support.ts";
import {
  ANNA,
  GIULIA,
  SETUPS,
  annaDelegatesGiulia,
  banner,
  card,
  chooseAnna,
  login,
  newContext,
  type Setup,
} from "./deleghe-acting-support.ts";

// A delegation withdrawn while the delegate is using it (issue #40), on both municipalities: Anna delegates Giulia,
// Giulia acts for Anna half-way through a booking, Anna withdraws in her own browser, Giulia's next step is refused:
// the step's page again, in Giulia's own name, the named message in view, the banner gone, and Giulia goes on in her
// own name. Then the same with the summary of Anna's payment: "Paga con pagoPA" after the withdrawal.

const REFUSED =
  "La delega di Anna Esposito non è più attiva: l'operazione per suo conto non è stata eseguita.";

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/withdrawn-${name}.png` });
}

/** Giulia accepts Anna's newest delegation (the one waiting for her) in her own browser. */
async function giuliaAccepts(giulia: Page, s: Setup) {
  await giulia.goto(tenantUrl(s.tenant, "/area-personale/deleghe/deleganti?stato=ATTESA_DELEGATO"));
  await giulia.getByRole("button", { name: "Accetta la delega di Anna Esposito" }).click();
  await expect(giulia.getByRole("status").filter({ hasText: "La delega è stata accettata." })).toBeVisible();
}

/** Anna withdraws her live delegation to Giulia (confirming it, as every irreversible action). */
async function annaWithdraws(anna: Page, s: Setup) {
  await anna.goto(tenantUrl(s.tenant, "/area-personale/deleghe/delegati?stato=APPROVATA"));
  await card(anna, "Giulia Bianchi")
    .getByRole("button", { name: "Ritira la delega a Giulia Bianchi" })
    .click();
  await anna
    .getByRole("dialog", { name: "Ritirare la delega?" })
    .getByRole("button", { name: "Sì, ritira la delega" })
    .click();
  await expect(anna.getByRole("status").filter({ hasText: "La delega è stata ritirata." })).toBeVisible();
}

/** The refusal as Giulia sees it: the alert in view (focused), the banner gone. */
async function expectRefused(giulia: Page) {
  const alert = giulia.getByRole("alert").filter({ hasText: REFUSED });
  await expect(alert).toBeVisible();
  await expect(alert).toBeInViewport();
  await expect(alert).toBeFocused();
  await expect(banner(giulia)).toHaveCount(0);
  // Never the root error page.
  await expect(giulia.getByRole("heading", { name: "Accesso negato" })).toHaveCount(0);
}

async function bookingWithdrawn(anna: Page, giulia: Page, s: Setup) {
  await giulia.goto(tenantUrl(s.tenant, BOOKING));
  await chooseAnna(giulia);
  await choosePlace(giulia, s.appointment.category, s.appointment.office);
  await next(giulia);
  await chooseSlot(giulia, 2, s.appointment.day + 1, 1);
  await next(giulia);
  await giulia.getByLabel(/^Motivo/).selectOption({ index: 1 });
  await giulia.getByLabel(/^Dettagli/).fill("Per conto della delegante");
  await next(giulia);
  await expectStep(giulia, "Richiedente", 4);
  await expect(giulia.getByLabel(/^Codice fiscale/)).toHaveValue(ANNA);
  await giulia.getByLabel(/^Email/).fill("delegata.giulia@example.it");

  await annaWithdraws(anna, s);

  // Giulia's next step: not carried out for Anna; the same step, now in her own name.
  await next(giulia);
  await expectRefused(giulia);
  await expectStep(giulia, "Richiedente", 4);
  await expect(giulia.getByLabel(/^Codice fiscale/)).toHaveValue(GIULIA);
  await expectAccessible(giulia);
  await shot(giulia, `${s.tenant}-booking`);
  // The way on, in her own name: the summary names Giulia, not Anna.
  await next(giulia);
  await expectStep(giulia, "Riepilogo", 5);
  await expect(giulia.getByText(GIULIA).first()).toBeVisible();
  await expect(giulia.getByText(ANNA)).toHaveCount(0);
  await expect(giulia.getByRole("alert").filter({ hasText: REFUSED })).toHaveCount(0);
}

async function paymentWithdrawn(anna: Page, giulia: Page, s: Setup) {
  await annaDelegatesGiulia(anna, s, [s.payment.id]);
  await giuliaAccepts(giulia, s);
  await giulia.goto(tenantUrl(s.tenant, `/servizi/pagamenti/${s.payment.id}`));
  await chooseAnna(giulia);
  await giulia
    .getByRole("region", { name: "Pagamenti di Anna Esposito" })
    .getByRole("link", { name: `Paga ora ${s.payment.description}` })
    .click();
  await giulia.getByText("Ho letto e compreso l'informativa sulla privacy").click();
  await giulia.getByRole("button", { name: "Avanti" }).click();
  await expect(giulia.getByText(ANNA).first()).toBeVisible();

  await annaWithdraws(anna, s);

  await giulia.getByRole("button", { name: "Paga con pagoPA" }).click();
  await expectRefused(giulia);
  await expect(giulia.getByRole("heading", { name: "Questo pagamento non è a tuo nome" })).toBeVisible();
  await expect(giulia.getByText("Simulazione pagoPA")).toHaveCount(0);
  await expectAccessible(giulia);
  await shot(giulia, `${s.tenant}-payment`);
  await giulia.getByRole("link", { name: "Vai ai tuoi pagamenti" }).click();
  await expect(giulia).toHaveURL(/\/area-personale\/attivita/);
  await expect(giulia.getByText(s.payment.iuv)).toHaveCount(0);
}

async function journey(page: Page, browser: Browser, s: Setup) {
  test.setTimeout(240_000);
  await resetCitizen(ANNA);
  await resetCitizen(GIULIA);
  await annaDelegatesGiulia(page, s, [s.appointment.id]);
  const other = await newContext(browser);
  const giulia = await other.newPage();
  await login(giulia, s.tenant, "Giulia Bianchi", "/area-personale");
  await giuliaAccepts(giulia, s);
  await bookingWithdrawn(page, giulia, s);
  await paymentWithdrawn(page, giulia, s);
  await other.close();
}

for (const s of SETUPS) {
  test(`${s.tenant}: Anna withdraws while Giulia books and pays for her; Giulia's next step goes on in her own name`, async ({
    page,
    browser,
  }) => {
    await journey(page, browser, s);
  });
}
