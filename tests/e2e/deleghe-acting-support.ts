import { expect, type Browser, type Page } from "@playwright/test";
import { seedIuv } from "#sandbox/ppay/positions.ts";
import { loginAs, tenantUrl, CITIZENS, type TenantId } from "./fixtures.ts";
import { inDays } from "./deleghe-support.ts";

// What the acting-for journeys share (deleghe-acting.test.ts, deleghe-withdrawn.test.ts): the two municipalities'
// delegable services, logging in on a page, a second browser for the delegate, Anna delegating Giulia, Giulia
// choosing Anna. Valverde's payment service is the TARI (104), Montealto has no TARI service: its delegable one is the
// IMU (203).

export const ANNA = CITIZENS["Anna Esposito"];
export const GIULIA = CITIZENS["Giulia Bianchi"];
export const MARIO = CITIZENS["Mario Rossi"];
export const BANNER = `Stai utilizzando il servizio per conto di Anna Esposito (${ANNA})`;

export type Setup = {
  tenant: TenantId;
  payment: { id: string; iuv: string; description: string };
  appointment: { id: string; category: string; office: string; day: number };
};
export const SETUPS: Setup[] = [
  {
    tenant: "comune-a",
    payment: { id: "104", iuv: seedIuv("comune-a", ANNA, 6), description: "TARI 2026 - prima rata" },
    appointment: {
      id: "101",
      category: "Anagrafe e stato civile",
      office: "Ufficio Anagrafe - Sede centrale",
      day: 7,
    },
  },
  {
    tenant: "comune-b",
    payment: { id: "203", iuv: seedIuv("comune-b", ANNA, 4), description: "IMU 2025 - saldo" },
    appointment: {
      id: "201",
      category: "Servizi demografici",
      office: "Sportello Servizi demografici",
      day: 8,
    },
  },
];

export async function login(
  page: Page,
  tenant: TenantId,
  who: "Anna Esposito" | "Giulia Bianchi" | "Mario Rossi",
  path: string,
) {
  await page.goto(tenantUrl(tenant, `/api/utenti/login?redirector=${encodeURIComponent(path)}`));
  await loginAs(page, who);
  await expect(page.locator("header details.it-user-wrapper > summary")).toContainText(who);
}

/** A second browser (the delegate's) that has answered "No, grazie" to the push opt-in, as the fixture's page. */
export async function newContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext(options);
  await context.addInitScript(() => {
    try {
      for (const code of ["c_v001", "c_m002"])
        sessionStorage.setItem(`CITFAC_${code}_BANNER_FCM_DO_NOT_ASK`, "true");
    } catch {
      // No storage on this page.
    }
  });
  return context;
}

export const banner = (page: Page) => page.getByRole("region", { name: "Delega attiva" });
export const card = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

/**
 * Anna delegates Giulia online for the given services (by default the payment and the appointment service), logging
 * in first unless `page` is hers already.
 */
export async function annaDelegatesGiulia(
  page: Page,
  s: Setup,
  services = [s.payment.id, s.appointment.id],
  options: { loggedIn?: boolean } = {},
) {
  const online = "/area-personale/deleghe/nuova/online";
  if (options.loggedIn) await page.goto(tenantUrl(s.tenant, online));
  else await login(page, s.tenant, "Anna Esposito", online);
  await page.getByLabel(/Codice fiscale del delegato/).fill(GIULIA);
  await page.getByLabel(/Nome del delegato/).fill("Giulia");
  await page.getByLabel(/Cognome del delegato/).fill("Bianchi");
  await page.getByRole("button", { name: "Avanti" }).click();
  for (const id of services) await page.locator(`label[for="servizio-${id}"]`).click();
  const end = inDays(60);
  await page.getByLabel(/Data di scadenza della delega/).fill(end);
  await page.locator('label[for="accetto"]').click();
  await page.getByRole("button", { name: "Avanti" }).click();
  await page.getByRole("button", { name: "Invia la delega" }).click();
  // The success page takes the focus with its heading (issue #40: it stayed on <body>).
  await expect(page.getByRole("heading", { name: "Delega inviata", level: 2 })).toBeFocused();
}

/** Giulia chooses Anna in the page's "per conto di" form. */
export async function chooseAnna(page: Page) {
  const form = page.getByRole("region", { name: "Usa il servizio per conto di un delegante" });
  await expect(form).toBeVisible();
  await form.getByText(`Anna Esposito (${ANNA})`).click();
  await expect(form.getByLabel(new RegExp(`Anna Esposito \\(${ANNA}\\)`))).toBeChecked();
  // Wait for the choice itself: for the second module the banner already shows Anna (acting for her on PPAY), so
  // it cannot tell that this choice was saved (CI once went on before it was, and booked in Giulia's name).
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().includes("/area-personale/per-conto-di"),
  );
  await form.getByRole("button", { name: "Conferma la scelta" }).click();
  await saved;
  await expect(banner(page)).toContainText(BANNER);
}
