import { readFile } from "node:fs/promises";
import { createClient } from "redis";
import type { Page } from "@playwright/test";
import { startReplicas, type Replicas } from "../../bench/replicas.ts";
import { expect, loginAs, resetCitizen, tenantUrl, test, CITIZENS } from "../e2e/fixtures.ts";
import {
  acceptPrivacyAndConfirm,
  BOOKING,
  choosePlace,
  chooseSlot,
  expectStep,
  fillDetails,
  fillRequester,
  next,
  uniqueEmail,
} from "../e2e/appointments-support.ts";
import {
  fillRequest,
  FORM,
  PDF,
  PNG,
  readCode,
  REQUESTER,
  sendButton,
  tick,
  unique,
} from "../e2e/assistance-support.ts";
import { acceptPolicy, fillIssue, sendAndCheck, start, TOWNS } from "../e2e/disruption-support.ts";
import {
  acceptPrivacy as acceptSpontaneousPrivacy,
  chooseType,
  expectNoticeDownload,
  fillAmount,
  fillPayer,
} from "../e2e/payments-spontaneous-support.ts";
import { payFromActivities, payments } from "../e2e/payments-support.ts";
import {
  acceptPrivacy as acceptProfilePrivacy,
  confirmWizard,
  enterCode,
  startWizard,
} from "../e2e/profile-support.ts";
import { expectServedByAll, logMark, servedBy } from "./support.ts";

// The citizen's multi-step flows through nginx (plain round robin, no affinity) in front of two production portals
// sharing one redis (issue #26): every flow completes while its steps land on both replicas, which each portal's
// access log shows. The e2e helpers drive nginx (playwright.replicas.config.ts points them at it).

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

let cluster: Replicas;
// Kept so that a cluster still starting when its hook gives up is stopped all the same (its fixed ports free again).
let starting: Promise<Replicas> | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  starting = startReplicas({
    replicas: 2,
    redis: true,
    nginxPort: port("E2E_PORTAL_PORT", 8491),
    sandboxPort: port("E2E_SANDBOX_PORT", 4371),
    portalPort: port("REPLICAS_PORTAL_PORT", 3291),
    redisPort: port("REPLICAS_REDIS_PORT", 6371),
    // Render every page (tests change upstream data between visits); no overload shedding on a busy machine.
    env: { PAGE_CACHE_TTL_S: "0", SHED_LAG_MS: "0", TENANT_CONFIG_TTL_S: "1" },
  });
  cluster = await starting;
});

/** A failed journey shows the replicas' error lines and nginx's (the access log alone says which, not why). */
// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern
test.afterEach(async ({}, info) => {
  if (info.status === info.expectedStatus) return;
  const errors = cluster.replicas.flatMap((replica) =>
    replica
      .logLines()
      .filter((line) => /"level":(40|50|60|"warn"|"error"|"fatal")|"statusCode":5/.test(line))
      .map((line) => `${replica.port} ${line}`),
  );
  await info.attach("replica errors", { body: [...errors, cluster.nginxErrors()].join("\n") });
});

test.afterAll(async () => {
  test.setTimeout(300_000);
  await (await starting?.catch(() => undefined))?.stop();
});

test("assistance: an anonymous request with an attachment, confirmed with the e-mail code", async ({
  page,
}) => {
  const mark = logMark(cluster.replicas);
  const email = unique("replicas-anonimo");
  await page.goto(tenantUrl("comune-a", FORM));
  await fillRequest(page, { anonymous: true, email });
  await page
    .getByLabel(/^Allegato/)
    .setInputFiles({ name: "avviso.pdf", mimeType: "application/pdf", buffer: PDF });
  await tick(page, "Ho letto e compreso l'informativa sulla privacy");
  await sendButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verifica email" })).toBeVisible();
  await page.getByRole("button", { name: "Invia il codice" }).click();
  await page.getByLabel(/^Codice di verifica/).fill(await readCode(email));
  await page.getByRole("button", { name: "Conferma e invia la richiesta" }).click();
  await expect(page).toHaveURL(tenantUrl("comune-a", "/feedback?feedbackType=ticketNoAuth"));
  await expect(page.getByRole("heading", { level: 1, name: "Richiesta inviata" })).toBeVisible();
  expectServedByAll(cluster.replicas, /^\/nuova-richiesta/, mark);
});

/** The path of the page now shown, as a pattern matching it and its sub-paths (its `.data` requests too). */
const flowPath = (page: Page) =>
  new RegExp(`^${new URL(page.url()).pathname.replace(/\/$/, "")}(/|\\.data|$)`);

test("booking: an anonymous visitor books an appointment", async ({ page }) => {
  const mark = logMark(cluster.replicas);
  await page.goto(tenantUrl("comune-a", BOOKING));
  await expectStep(page, "Luogo", 1);
  await choosePlace(page, "Anagrafe e stato civile", "Ufficio Anagrafe - Sede centrale");
  await next(page);
  await expectStep(page, "Data e orario", 2);
  await chooseSlot(page, 1, 1, 0);
  await next(page);
  await expectStep(page, "Dettagli appuntamento", 3);
  await fillDetails(page, "Carta d'identità elettronica", "Rinnovo della carta");
  await next(page);
  await expectStep(page, "Richiedente", 4);
  await fillRequester(page, {
    nome: "Laura",
    cognome: "Conti",
    email: uniqueEmail("replicas"),
    cf: CITIZENS["Mario Rossi"],
  });
  await next(page);
  await expectStep(page, "Riepilogo", 5);
  await expect(page.getByText("Rinnovo della carta")).toBeVisible();
  await acceptPrivacyAndConfirm(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appuntamento confermato");
  expectServedByAll(cluster.replicas, /^\/servizi\/prenotazione-appuntamento/, mark);
});

test("spontaneous payment: a PPAY notice generated, its PDF the same from both replicas", async ({
  page,
}) => {
  const mark = logMark(cluster.replicas);
  await page.goto(tenantUrl("comune-a", "/servizi/ppay/pagamento-spontaneo"));
  await page.getByRole("link", { name: "Genera avviso di pagamento" }).click();
  const flow = flowPath(page);
  await acceptSpontaneousPrivacy(page);
  await chooseType(page, "Mensa scolastica - ricarica");
  await fillPayer(page);
  await fillAmount(page, "12,50");
  await page.getByRole("button", { name: "Genera avviso di pagamento" }).click();
  await expect(page).toHaveURL(tenantUrl("comune-a", "/avviso-pagamento/esito"));
  const pdf = await expectNoticeDownload(page);
  expectServedByAll(cluster.replicas, flow, mark);

  // The PDF kept in the shared store: downloaded again until both replicas have sent it, the same bytes each time.
  const link = page.getByRole("link", { name: "Scarica l'avviso di pagamento (PDF)" });
  const pdfPath = new RegExp(`^${new URL((await link.getAttribute("href"))!, page.url()).pathname}$`);
  for (let i = 0; i < 6 && servedBy(cluster.replicas, pdfPath, mark).some((c) => !c.GET); i++) {
    const downloading = page.waitForEvent("download");
    await link.click();
    const again = await readFile((await (await downloading).path())!);
    expect(again.equals(pdf)).toBe(true);
  }
  expectServedByAll(cluster.replicas, pdfPath, mark);
});

test("pay by IUV: Mario pays a position from Attività through pagoPA", async ({ page }) => {
  const mark = logMark(cluster.replicas);
  await resetCitizen(CITIZENS["Mario Rossi"]);
  await page.goto(tenantUrl("comune-a", "/area-personale/attivita"));
  await loginAs(page, "Mario Rossi");
  await expect(payments(page).getByRole("link", { name: "Paga ora TARI 2026 - prima rata" })).toBeVisible();
  await payFromActivities(page, "comune-a", "TARI 2026 - prima rata");
  await page.getByRole("button", { name: "Paga", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Pagamento eseguito" })).toBeVisible();
  expectServedByAll(cluster.replicas, /^\/area-personale\/pagamento-iuv\/|^\/servizi\/pagamento-esito/, mark);
});

test("assistance: Giulia saves a draft with an attachment, resumes and sends it; the file comes back intact", async ({
  page,
}) => {
  const mark = logMark(cluster.replicas);
  await resetCitizen(CITIZENS["Giulia Bianchi"]);
  await page.goto(tenantUrl("comune-a", `${FORM}?servizio=2`));
  await page.getByRole("link", { name: "Accedi" }).first().click();
  await loginAs(page, "Giulia Bianchi");
  await expect(page).toHaveURL(tenantUrl("comune-a", `${FORM}?servizio=2`));
  await page.getByLabel(/^Tipologia problematica/).selectOption({ label: "TARI - tassa rifiuti" });
  await page.getByLabel(/^Dettagli/).fill("Bozza attraverso due repliche.");
  await page
    .getByLabel(/^Allegato/)
    .setInputFiles({ name: "avviso.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Salva richiesta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bozza salvata" })).toBeVisible();
  await page.getByRole("link", { name: "Area riservata" }).click();
  const drafts = page.getByRole("region", { name: "Bozze di richiesta" });
  await drafts.getByRole("link", { name: /Riprendi la bozza Tributi/ }).click();
  await expect(page.getByText("File allegato: avviso.png")).toBeVisible();
  await page.getByLabel(/^Dettagli/).fill("Due avvisi TARI per lo stesso anno (dalle repliche).");
  await tick(page, "Ho letto e compreso l'informativa sulla privacy");
  await sendButton(page).click();
  await expect(page).toHaveURL(tenantUrl("comune-a", "/feedback?feedbackType=ticket"));
  expectServedByAll(cluster.replicas, /^\/nuova-richiesta/, mark);

  // The attachment, as the municipality received it, downloaded from the request's conversation.
  await page.getByRole("link", { name: "Area riservata" }).click();
  const requests = page.getByRole("region", { name: "Richieste di assistenza" });
  await requests
    .getByRole("link", { name: /Vedi dettaglio della richiesta/ })
    .first()
    .click();
  const conversation = page.getByRole("region", { name: "Conversazione" });
  await expect(conversation).toContainText("Due avvisi TARI per lo stesso anno (dalle repliche).");
  const downloading = page.waitForEvent("download");
  await conversation.getByRole("link", { name: /Scarica avviso\.png/ }).click();
  const download = await downloading;
  expect((await readFile((await download.path())!)).equals(PNG)).toBe(true);
});

test("disruption: Giulia reports a disruption by address, with a photo", async ({ page }) => {
  const mark = logMark(cluster.replicas);
  await start(page, "comune-a", false);
  const flow = flowPath(page);
  await acceptPolicy(page);
  await page.getByLabel("Cerca un luogo").fill(TOWNS["comune-a"].search);
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
  await page.getByRole("button", { name: TOWNS["comune-a"].result }).click();
  await expect(page.getByLabel("Cerca un luogo")).toHaveValue(TOWNS["comune-a"].result);
  await fillIssue(page, "comune-a", "Segnalazione attraverso due repliche");
  await sendAndCheck(page, "comune-a", "Segnalazione attraverso due repliche", "replicas");
  expectServedByAll(cluster.replicas, flow, mark);
});

test("profile: Luca composes his profile, e-mail and mobile verified by codes", async ({ page }) => {
  const mark = logMark(cluster.replicas);
  const email = "luca.repliche@example.it";
  await startWizard(page, "comune-a", false);
  const flow = flowPath(page);
  await acceptProfilePrivacy(page);
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.getByLabel("Ripeti Email").fill(email);
  await page.getByLabel(/Numero di telefono mobile/).fill("3331234567");
  await page.getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByText(`Abbiamo inviato il codice di verifica all'indirizzo ${email}`)).toBeVisible();
  await enterCode(page, email);
  await expect(
    page.getByText("Abbiamo inviato il codice di verifica al numero +39 3331234567"),
  ).toBeVisible();
  await enterCode(page, "00393331234567");
  await expect(page.getByRole("heading", { level: 2, name: "Preferenze" })).toBeVisible();
  await page.getByRole("button", { name: "Avanti" }).click();
  await confirmWizard(page, "comune-a", false);
  expectServedByAll(cluster.replicas, flow, mark);
});

test("maintenance gate: the per-client login limit counts the attempts on both replicas together", async ({
  page,
}) => {
  const mark = logMark(cluster.replicas);
  await page.goto(tenantUrl("comune-c", "/"));
  await expect(page.getByRole("heading", { level: 1, name: "Servizio in manutenzione" })).toBeVisible();
  await page.getByLabel("Nome utente").fill("indovino");
  // MAINTENANCE_LOGIN_PER_CLIENT (10 by default) wrong passwords are refused one by one; the next is limited,
  // although each replica saw only about half of them.
  for (let attempt = 1; attempt <= 10; attempt++) {
    await page.getByLabel("Password").fill(`tentativo-${attempt}`);
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Conferma" }).click();
    expect((await answered).status()).toBe(403);
    await expect(page.getByRole("alert").filter({ hasText: "Autorizzazione negata" })).toBeVisible();
  }
  await page.getByLabel("Password").fill("tentativo-11");
  const limited = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Conferma" }).click();
  expect((await limited).status()).toBe(429);
  await expect(
    page.getByText(/^Troppi tentativi di accesso\. Riprova tra \d+ minuti?\.$/).first(),
  ).toBeVisible();
  const posts = servedBy(cluster.replicas, /./, mark).map((counts) => counts.POST ?? 0);
  expect(
    posts.every((n) => n > 0 && n < 10),
    `login POSTs by replica: ${posts}`,
  ).toBe(true);
});

/** Each replica's `/readyz` answer and store state ("200/up", "200/down"), asked directly (not through nginx). */
async function storeStates(): Promise<string[]> {
  return Promise.all(
    cluster.replicas.map(async (replica) => {
      const res = await fetch(`http://127.0.0.1:${replica.port}/readyz`);
      const body = (await res.json()) as { status: string; store?: { state: string } };
      return `${res.status}/${body.store?.state}`;
    }),
  );
}

test("redis stopped mid-flow: the step says so in Italian and keeps the values; once back, it completes", async ({
  page,
  consoleErrors,
}) => {
  const email = unique("replicas-guasto");
  await page.goto(tenantUrl("comune-b", FORM));
  await fillRequest(page, { anonymous: true, email });
  const attachment = { name: "avviso.pdf", mimeType: "application/pdf", buffer: PDF };
  await page.getByLabel(/^Allegato/).setInputFiles(attachment);
  await tick(page, "Ho letto e compreso l'informativa sulla privacy");

  await cluster.redis!.stop();
  try {
    await sendButton(page).click();
    await expect(
      page.getByText(/^Il servizio che conserva i dati dei moduli non risponde in questo momento/).first(),
    ).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toHaveValue(email);
    await expect(page.getByLabel(/^Dettagli/)).toHaveValue("Non trovo l'importo IMU da pagare per il 2026.");
    await expect(page.getByLabel(/^Cognome/)).toHaveValue(REQUESTER.cognome);
    await expect.poll(storeStates).toEqual(["200/down", "200/down"]);
    // The browser logs the action's 503: expected here, and the only console error.
    expect(consoleErrors).toEqual([expect.stringMatching(/status of 503 .*\/nuova-richiesta\.data\)$/)]);
    consoleErrors.length = 0;
  } finally {
    await cluster.redis!.start();
  }
  // Both replicas reconnect by themselves.
  await expect.poll(storeStates, { timeout: 20_000 }).toEqual(["200/up", "200/up"]);

  // The file chosen before the outage is still the one chosen: not chosen again.
  await expect
    .poll(() =>
      page
        .getByLabel(/^Allegato/)
        .evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((f) => `${f.name} ${f.size}`)),
    )
    .toEqual([`avviso.pdf ${PDF.length}`]);
  if (
    !(await page
      .getByRole("checkbox", { name: "Ho letto e compreso l'informativa sulla privacy" })
      .isChecked())
  )
    await tick(page, "Ho letto e compreso l'informativa sulla privacy");
  await sendButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verifica email" })).toBeVisible();
  // The request sent after the recovery carried the file, byte for byte: the request waits for its code in its sealed
  // cookie, its attachment alone in the store emptied by the restart (no persistence), what goes upstream once the
  // code is checked.
  const kept = await keptAttachments();
  expect(kept.map((file) => file.where)).toEqual(["attachment"]);
  for (const file of kept) {
    expect(file.filename).toBe("avviso.pdf");
    expect(file.bytes.equals(PDF), `${file.where}: ${file.bytes.length} bytes`).toBe(true);
  }
  await page.getByRole("button", { name: "Invia il codice" }).click();
  await page.getByLabel(/^Codice di verifica/).fill(await readCode(email));
  await page.getByRole("button", { name: "Conferma e invia la richiesta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Richiesta inviata" })).toBeVisible();
});

/**
 * Every file the assistance form keeps in the shared store now (Valkey keys `portal:assistance-pending:e:<key>`, the
 * value JSON in the hash's `v`): a kept attachment (`{ filename, data, mime-type }`) or one inside a pending ticket.
 */
async function keptAttachments(): Promise<Array<{ where: string; filename: string; bytes: Buffer }>> {
  const client = createClient({ url: cluster.redisUrl! });
  await client.connect();
  const found: Array<{ where: string; filename: string; bytes: Buffer }> = [];
  const collect = (value: unknown, where: string) => {
    if (Array.isArray(value)) for (const item of value) collect(item, where);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (typeof record.filename === "string" && typeof record.data === "string")
        found.push({ where, filename: record.filename, bytes: Buffer.from(record.data, "base64") });
      else for (const item of Object.values(record)) collect(item, where);
    }
  };
  try {
    for await (const batch of client.scanIterator({ MATCH: "portal:assistance-pending:e:*" }))
      for (const key of [batch].flat()) {
        const value = JSON.parse((await client.hGet(key, "v")) ?? "null") as unknown;
        collect(value, value && typeof value === "object" && "ticket" in value ? "ticket" : "attachment");
      }
  } finally {
    await client.quit();
  }
  return found;
}
