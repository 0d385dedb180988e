import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { seedIuv } from "#sandbox/ppay/positions.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import {
  CITIZENS,
  HOSTS,
  UPSTREAM_HOSTS,
  getPage,
  postForm,
  signIn,
} from "#tests/support/portal-requests.ts";

// Payments (PPAY) over HTTP: production build, real app, sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const ANNA = CITIZENS.ANNA;
const MARIO = CITIZENS.MARIO;
const ANNA_PAID = seedIuv("comune-a", ANNA, 1);
const ANNA_CANCELLED = seedIuv("comune-a", ANNA, 3);
const ANNA_UNPAID = seedIuv("comune-a", ANNA, 6);
const MARIO_UNPAID = seedIuv("comune-a", MARIO, 4);

async function citizenCookie(codiceFiscale: string, tenant: "a" | "b" = "a"): Promise<string> {
  await request(sandbox.url).post(`/__sandbox/citizens/${codiceFiscale}/reset`).expect(200);
  return signIn(sandbox.url, codiceFiscale, tenant);
}

const app = () => testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;

const get = (path: string, cookie = "", host = HOSTS.a) => getPage(app(), path, cookie, host);

const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("receipt and notice downloads", () => {
  test.each([
    `/area-personale/pagamenti/${ANNA_PAID}/ricevuta`,
    `/area-personale/pagamenti/${ANNA_PAID}/avviso`,
  ])("anonymous %s: sent to the login and back", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/api/utenti/login?redirector=${encodeURIComponent(path)}`);
  });

  test("the receipt: a PDF attachment with a proper name, not stored", async () => {
    const cookie = await citizenCookie(ANNA);
    const res = await get(`/area-personale/pagamenti/${ANNA_PAID}/ricevuta`, cookie).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="ricevuta-${ANNA_PAID}.pdf"; filename*=UTF-8''ricevuta-${ANNA_PAID}.pdf`,
    );
    expect(res.headers["cache-control"]).toContain("no-store");
    expect(
      Buffer.from(res.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  test("the notice of an unpaid position; no receipt for it; another citizen's IUV and a bad IUV are 404", async () => {
    const cookie = await citizenCookie(ANNA);
    const notice = await get(`/area-personale/pagamenti/${ANNA_UNPAID}/avviso`, cookie);
    expect(notice.status).toBe(200);
    expect(notice.headers["content-disposition"]).toBe(
      `attachment; filename="avviso-pagamento-${ANNA_UNPAID}.pdf"; filename*=UTF-8''avviso-pagamento-${ANNA_UNPAID}.pdf`,
    );
    expect((await get(`/area-personale/pagamenti/${ANNA_UNPAID}/ricevuta`, cookie)).status).toBe(404);
    const other = await get(`/area-personale/pagamenti/${MARIO_UNPAID}/avviso`, cookie);
    expect(other.status).toBe(404);
    expect(other.text).toContain("non è disponibile");
    expect((await get(`/area-personale/pagamenti/12345/ricevuta`, cookie)).status).toBe(404);
  });
});

describe("Attività: Pagamenti", () => {
  test("five positions (PPAY and MYPAY) by IUV descending, 'Vedi altri pagamenti', pay and download links", async () => {
    const cookie = await citizenCookie(ANNA);
    const first = await get("/area-personale/attivita", cookie);
    expect(first.status).toBe(200);
    // Anna's 6 PPAY positions and her 3 MYPAY dues (comune-a has both systems).
    expect(visible(first.text)).toContain("5 pagamenti su 9");
    expect(first.text).toContain('href="/area-personale/attivita?pagamenti=10"');
    expect(first.text).toContain('action="/area-personale/dovuti/19202600000000002/paga"');
    const res = await get("/area-personale/attivita?pagamenti=10", cookie);
    const text = visible(res.text);
    expect(text).toContain("Pagamenti");
    expect(text).toContain("9 pagamenti su 9");
    expect(text).toContain("€ 1.234,50");
    expect(res.text).toContain(`href="/area-personale/pagamento-iuv/${ANNA_UNPAID}"`);
    expect(res.text).toContain(`href="/area-personale/pagamenti/${seedIuv("comune-a", ANNA, 2)}/ricevuta"`);
    expect(res.text.indexOf(ANNA_UNPAID)).toBeLessThan(res.text.indexOf(seedIuv("comune-a", ANNA, 2)));
    const english = visible((await get("/area-personale/attivita?pagamenti=10", `${cookie}; lang=en`)).text);
    expect(english).toContain("€1,234.50");
    expect(english).not.toContain("€ 1.234,50");
  });

  test("the status filter", async () => {
    const cookie = await citizenCookie(ANNA);
    const res = await get("/area-personale/attivita?stato-pagamento=pagato", cookie);
    expect(visible(res.text)).toContain("3 pagamenti su 3");
    expect(res.text).not.toContain(`/area-personale/pagamento-iuv/`);
  });
});

describe("positions another payer created", () => {
  test("an anonymous notice naming Mario: his area shows the type's description and a warning, never the payer's text", async () => {
    const phishing = "URGENTE paga invece con bonifico IBAN IT60X0542811101000000123456";
    const created = await request(sandbox.url)
      .post(`/api-public/ppay/citizens/${MARIO}/paymenttypes/MENSA/debtpositions`)
      .set("X-Forwarded-Host", UPSTREAM_HOSTS.a)
      .send({ note: phishing, importo: 99, nome: "Chi", cognome: "Sia", email: "x@example.org" })
      .expect(201);
    const iuv = created.body.iuv as string;
    const cookie = await loginAs(sandbox.url, MARIO, UPSTREAM_HOSTS.a);
    for (const path of [
      "/area-personale/attivita",
      "/servizi/pagamenti/105",
      `/area-personale/pagamento-iuv/${iuv}`,
    ]) {
      const res = await get(path, cookie);
      const text = visible(res.text);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain("IBAN");
      if (path.startsWith("/area-personale/pagamento-iuv"))
        expect(text).toContain("Mensa scolastica - ricarica");
      else {
        expect(text, path).toContain(iuv);
        expect(text, path).toContain(
          "Pagamento spontaneo: chiunque può crearne uno indicando il tuo codice fiscale",
        );
      }
    }
  });

  test("a position the municipality issued keeps its own description", async () => {
    const cookie = await citizenCookie(ANNA);
    const text = visible((await get("/area-personale/attivita", cookie)).text);
    expect(text).toContain("TARI 2026 - prima rata");
  });
});

describe("pay by IUV", () => {
  const page = `/area-personale/pagamento-iuv/${ANNA_UNPAID}`;

  test("anonymous: to the login", async () => {
    const res = await get(page);
    expect(res.status).toBe(302);
    expect(res.headers.location).toContain("/api/utenti/login");
  });

  test("privacy → summary → 303 to the checkout; the privacy is required", async () => {
    const cookie = await citizenCookie(ANNA);
    const first = await get(page, cookie);
    expect(first.status).toBe(200);
    expect(visible(first.text)).toContain("Informativa sulla privacy");
    expect(first.text).toContain("Regolamento (UE) 2016/679");

    const refused = await postForm(app(), page, { intent: "privacy" }, cookie);
    expect(refused.status).toBe(400);
    expect(visible(refused.text)).toContain("necessario accettare l'informativa");

    const accepted = await postForm(app(), page, { intent: "privacy", privacy: "1" }, cookie);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.location).toBe(`${page}?passo=riepilogo`);

    const summary = await get(`${page}?passo=riepilogo`, cookie);
    const text = visible(summary.text);
    expect(text).toContain(`3${ANNA_UNPAID}`);
    expect(text).toContain("Anna");
    expect(text).toContain("€ 1.234,50");
    expect(text).toContain("Paga con pagoPA");

    const pay = await postForm(app(), page, { intent: "paga", privacy: "1" }, cookie);
    expect(pay.status).toBe(303);
    expect(pay.headers.location).toMatch(/\/__sandbox\/pagopa\/checkout\/[0-9a-f]+$/);
    const again = await postForm(app(), page, { intent: "paga", privacy: "1" }, cookie);
    expect(again.headers.location).toBe(pay.headers.location);

    // The checkout returns to the portal address configured for the municipality (no request carries it; the
    // sandbox's default is `npm start`'s).
    const back = await request(pay.headers.location as string).post("/paga");
    expect(back.headers.location).toBe(
      `http://comune-a.localhost:3000/servizi/pagamento-esito?iuv=${ANNA_UNPAID}&codEsito=000&descEsito=Pagamento+eseguito`,
    );
    const outcome = await get(`/servizi/pagamento-esito?iuv=${ANNA_UNPAID}&codEsito=000&descEsito=x`, cookie);
    expect(visible(outcome.text)).toContain("Pagamento eseguito");
  });

  test("another citizen's IUV: 404 'Posizione debitoria non trovata'; paid and cancelled have no pay button", async () => {
    const cookie = await citizenCookie(ANNA);
    const other = await get(`/area-personale/pagamento-iuv/${MARIO_UNPAID}`, cookie);
    expect(other.status).toBe(404);
    expect(visible(other.text)).toContain("Posizione debitoria non trovata");
    const paid = await get(`/area-personale/pagamento-iuv/${ANNA_PAID}`, cookie);
    expect(visible(paid.text)).toContain("risulta già pagata");
    expect(paid.text).not.toContain("Paga con pagoPA");
    const cancelled = await get(`/area-personale/pagamento-iuv/${ANNA_CANCELLED}`, cookie);
    expect(visible(cancelled.text)).toContain("annullata");
    const forcedPay = await postForm(
      app(),
      `/area-personale/pagamento-iuv/${ANNA_PAID}`,
      { intent: "paga", privacy: "1" },
      cookie,
    );
    expect(forcedPay.status).toBe(303);
    expect(forcedPay.headers.location).toBe(`/area-personale/pagamento-iuv/${ANNA_PAID}`);
  });
});

describe("outcome page", () => {
  test("a forged codEsito=000 on an unpaid IUV is not a success; 100 is 'Operazione annullata'", async () => {
    const cookie = await citizenCookie(MARIO);
    const forged = await get(
      `/servizi/pagamento-esito?iuv=${MARIO_UNPAID}&codEsito=000&descEsito=OK`,
      cookie,
    );
    expect(forged.status).toBe(200);
    const text = visible(forged.text);
    expect(text).toContain("Pagamento non ancora confermato");
    expect(text).not.toContain("Pagamento eseguito");
    expect(text).toContain("Quanto è stato facile usare questo servizio?");
    const cancelled = await get(`/servizi/pagamento-esito?iuv=${MARIO_UNPAID}&codEsito=100`, cookie);
    expect(visible(cancelled.text)).toContain("Operazione annullata");
  });

  test("anonymous: to be confirmed after the login", async () => {
    const res = await get(`/servizi/pagamento-esito?iuv=${MARIO_UNPAID}&codEsito=000`, "", HOSTS.b);
    expect(res.status).toBe(200);
    expect(visible(res.text)).toContain("Esito in attesa di conferma");
    expect(res.text).toContain("/api/utenti/login?redirector=");
  });
});

describe("MYPAY dues: pay or print one's own (issue #25)", () => {
  const ANNA_DUE = "19202600000000002";
  const MARIO_DUE = "19202600000000005";
  const ANNA_PAID_DUE = "19202600000000001";

  test("the service page offers 'Paga ora' and the notice of a due to pay, never a new spontaneous payment", async () => {
    const cookie = await citizenCookie(ANNA);
    const res = await get("/servizi/pagamenti/106", cookie);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`action="/area-personale/dovuti/${ANNA_DUE}/paga"`);
    expect(res.text).toContain(`href="/area-personale/dovuti/${ANNA_DUE}/avviso"`);
    expect(res.text).not.toContain(`/area-personale/dovuti/${ANNA_PAID_DUE}/paga`);
    const text = visible(res.text);
    expect(text).toContain("Paga ora");
    expect(text).not.toContain("con il pagamento spontaneo");
  });

  test("'Paga ora' opens the checkout; paying there makes the due paid on the outcome page", async () => {
    const cookie = await citizenCookie(ANNA);
    const res = await postForm(app(), `/area-personale/dovuti/${ANNA_DUE}/paga`, {}, cookie);
    expect(res.status).toBe(303);
    const token = /\/__sandbox\/pagopa\/checkout\/([0-9a-f]+)$/.exec(res.headers.location as string)?.[1];
    expect(token).toBeDefined();
    const paid = await request(sandbox.url).post(`/__sandbox/pagopa/checkout/${token}/paga`).expect(303);
    const back = new URL(paid.headers.location as string);
    expect(back.searchParams.get("iuv")).toBe(ANNA_DUE);
    const outcome = visible((await get(back.pathname + back.search, cookie)).text);
    expect(outcome).toContain("Pagamento eseguito");
    // Paid now: no second payment.
    expect((await postForm(app(), `/area-personale/dovuti/${ANNA_DUE}/paga`, {}, cookie)).status).toBe(409);
  });

  test("the notice downloads; another citizen's due is a 404 for both", async () => {
    const cookie = await citizenCookie(ANNA);
    const notice = await get(`/area-personale/dovuti/${ANNA_DUE}/avviso`, cookie);
    expect(notice.status).toBe(200);
    expect(notice.headers["content-type"]).toBe("application/pdf");
    expect(notice.headers["content-disposition"]).toBe(
      `attachment; filename="avviso-pagamento-3${ANNA_DUE}.pdf"; filename*=UTF-8''avviso-pagamento-3${ANNA_DUE}.pdf`,
    );
    expect((await get(`/area-personale/dovuti/${MARIO_DUE}/avviso`, cookie)).status).toBe(404);
    expect((await postForm(app(), `/area-personale/dovuti/${MARIO_DUE}/paga`, {}, cookie)).status).toBe(404);
    expect((await get(`/area-personale/dovuti/${ANNA_PAID_DUE}/avviso`, cookie)).status).toBe(404);
  });

  test("a paid due's receipt downloads from its card (issue #40); none for a due to pay or another citizen's", async () => {
    const cookie = await citizenCookie(ANNA);
    const page = await get("/servizi/pagamenti/106", cookie);
    expect(page.text).toContain(`href="/area-personale/dovuti/${ANNA_PAID_DUE}/ricevuta"`);
    expect(page.text).not.toContain(`href="/area-personale/dovuti/${ANNA_DUE}/ricevuta"`);
    const receipt = await get(`/area-personale/dovuti/${ANNA_PAID_DUE}/ricevuta`, cookie).buffer(true);
    expect(receipt.status).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");
    expect(receipt.headers["content-disposition"]).toContain(`ricevuta-${ANNA_PAID_DUE}.pdf`);
    expect((receipt.body as Buffer).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await get(`/area-personale/dovuti/${ANNA_DUE}/ricevuta`, cookie)).status).toBe(404);
    expect((await get(`/area-personale/dovuti/${MARIO_DUE}/ricevuta`, cookie)).status).toBe(404);
    // Paid through "Paga ora": the outcome offers the receipt there and then.
    const pay = await postForm(app(), `/area-personale/dovuti/${ANNA_DUE}/paga`, {}, cookie);
    const token = /\/__sandbox\/pagopa\/checkout\/([0-9a-f]+)$/.exec(pay.headers.location as string)?.[1];
    const paid = await request(sandbox.url).post(`/__sandbox/pagopa/checkout/${token}/paga`).expect(303);
    const back = new URL(paid.headers.location as string);
    const outcome = await get(back.pathname + back.search, cookie);
    expect(outcome.text).toContain(`href="/area-personale/dovuti/${ANNA_DUE}/ricevuta"`);
  });

  test("the municipality's own due shows its purpose, without the payer-created warning (issue #40)", async () => {
    const cookie = await citizenCookie(ANNA);
    const text = visible((await get("/servizi/pagamenti/106", cookie)).text);
    expect(text).toContain("Diritti di istruttoria SCIA 2026/042");
    expect(text).not.toContain("chiunque può crearne uno indicando il tuo codice fiscale");
    // A due someone else created naming Anna: the type's description and the warning, never the payer's text.
    await request(sandbox.url)
      .post("/api-public/mypay/importaDovuto")
      .set("X-Forwarded-Host", UPSTREAM_HOSTS.a)
      .set("Idempotency-Key", `issue-40-${Date.now()}`)
      .send({
        codTipo: "DIRITTI_SEGRETERIA",
        importo: 10,
        causale: "Paga invece con bonifico IBAN IT60X0542811101000000123456",
        pagatore: {
          tipo: "F",
          codiceIdentificativo: ANNA,
          anagrafica: "Anna Esposito",
          email: "a@example.org",
        },
      })
      .expect(201);
    const after = visible((await get("/servizi/pagamenti/106", cookie)).text);
    expect(after).not.toContain("IBAN");
    expect(after).toContain("chiunque può crearne uno indicando il tuo codice fiscale");
    expect(after).toContain("Diritti di istruttoria SCIA 2026/042");
  });

  test("anonymous: the login first; comune-b has no MYPAY", async () => {
    const anonymous = await get(`/area-personale/dovuti/${ANNA_DUE}/avviso`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toContain("login");
    const cookie = await citizenCookie(ANNA, "b");
    const other = await get(`/area-personale/dovuti/${ANNA_DUE}/avviso`, cookie, HOSTS.b);
    expect(other.status).toBe(302);
    expect(other.headers.location).toBe("/servizio-non-disponibile");
  });
});

describe("the desk's latest activities (issue #25)", () => {
  test.each([
    ["a", HOSTS.a],
    ["b", HOSTS.b],
  ] as const)(
    "comune-%s: payments, requests and appointments interleaved, at most 4",
    async (tenant, host) => {
      const cookie = await citizenCookie(ANNA, tenant);
      const res = await get("/area-personale", cookie, host);
      expect(res.status).toBe(200);
      const list = /data-element="latest-activities"[\s\S]*?<\/ul>/.exec(res.text)?.[0] ?? "";
      const items = list.split(/<li class="col-12 col-lg-6">/).slice(1);
      expect(items).toHaveLength(4);
      // One of each per round: a payment, a request, an appointment, then the next payment.
      expect(items[0]).toContain('data-element="payment-card"');
      expect(items[1]).toContain('data-element="ticket-card"');
      expect(items[2]).toContain("activity-card");
      expect(items[3]).toContain('data-element="payment-card"');
    },
  );
});
