import type { Page } from "@playwright/test";
import {
  CITIZENS,
  expect,
  expectAccessible,
  loginAs,
  resetCitizen,
  SANDBOX_URL,
  tenantUrl,
  type TenantId,
} from "./fixtures.ts";

// The profile wizard's steps, shared by its journeys (profile.test.ts) and the replica journeys (tests/replicas/).
export const LUCA = CITIZENS["Luca Verdi"];
export const GIULIA = CITIZENS["Giulia Bianchi"];
export const PROFILE = "/area-personale/profilo-utente";

/** The newest verification code sent to `to`, read from the sandbox mailbox (never from the page). */
export async function readCode(to: string, after = ""): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const res = await fetch(`${SANDBOX_URL}/__sandbox/mailbox.json?to=${encodeURIComponent(to)}`);
      const messages = (await res.json()) as Array<{ subject: string; body: string }>;
      const newest = messages.find((message) => message.subject === "Codice di verifica");
      code = /\b(\d{5})\b/.exec(newest?.body ?? "")?.[1] ?? "";
      return code !== "" && code !== after;
    })
    .toBe(true);
  return code;
}

/** Ticks or unticks a checkbox by clicking its label (bootstrap-italia draws the box on the label). */
export async function setBox(page: Page, name: string, checked: boolean) {
  const box = page.getByRole("checkbox", { name });
  if ((await box.isChecked()) !== checked)
    await page.locator(`label[for="${await box.getAttribute("id")}"]`).click();
  await expect(box).toBeChecked({ checked });
}

/** `axe`: false in the runs without JavaScript (axe runs scripts in the page; the same pages are checked with it). */
export async function startWizard(page: Page, tenant: TenantId, axe = true) {
  await resetCitizen(LUCA);
  await page.goto(tenantUrl(tenant, PROFILE));
  await loginAs(page, "Luca Verdi");
  await expect(page).toHaveURL(tenantUrl(tenant, PROFILE));
  await expect(page.getByRole("heading", { level: 1, name: "Profilo utente" })).toBeVisible();
  await expect(page.getByText(`CF: ${LUCA}`)).toBeVisible();
  await expect(page.getByText(/Non hai ancora creato il tuo profilo personale/)).toBeVisible();
  if (axe) await expectAccessible(page);
  await page.getByRole("link", { name: "Componi il profilo personale" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nuovo profilo utente" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Informativa privacy" })).toBeVisible();
  await expect(page.getByText("Informativa sul trattamento dei dati personali")).toBeVisible();
}

export async function acceptPrivacy(page: Page) {
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByRole("link", { name: "Dichiara di aver letto l'informativa" })).toBeVisible();
  await page.getByText("Ho letto e compreso l'informativa sulla privacy").click();
  await expect(page.getByLabel("Ho letto e compreso l'informativa sulla privacy")).toBeChecked();
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Contatti" })).toBeVisible();
}

export async function enterCode(page: Page, to: string) {
  const code = await readCode(to);
  await page.getByLabel("Codice di verifica").fill(code);
  await page.getByRole("button", { name: "Verifica" }).click();
}

export async function confirmWizard(page: Page, tenant: TenantId, axe = true) {
  await expect(page.getByRole("heading", { level: 2, name: "Riepilogo" })).toBeVisible();
  if (axe) await expectAccessible(page);
  await page.getByRole("button", { name: "Conferma" }).click();
  await expect(page).toHaveURL(tenantUrl(tenant, `${PROFILE}/componi/successo`));
  await expect(
    page.getByText("Hai inserito correttamente i tuoi contatti e attivato le notifiche"),
  ).toBeVisible();
  if (axe) await expectAccessible(page);
}
