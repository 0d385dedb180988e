import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { seedIuv } from "#sandbox/ppay/positions.ts";
import { mypayIuv } from "#sandbox/mypay/state.ts";
import { startRelay, testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { CITIZENS, HOSTS, UPSTREAM_HOSTS, signIn } from "#tests/support/portal-requests.ts";

// The payment service pages `/servizi/pagamenti/:id` (+ esito-pagamento) over HTTP: production build, sandbox.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const ANNA = CITIZENS.ANNA;
const MARIO = CITIZENS.MARIO;

async function citizenCookie(codiceFiscale: string, tenant: "a" | "b" = "a"): Promise<string> {
  await request(sandbox.url).post(`/__sandbox/citizens/${codiceFiscale}/reset`).expect(200);
  return signIn(sandbox.url, codiceFiscale, tenant);
}
const app = (upstreamUrl = sandbox.url) => testApp({ upstreamUrl, ssrHandler }).app;
const get = (path: string, cookie = "", host = HOSTS.a) =>
  request(app()).get(path).set("Host", host).set("Cookie", cookie);
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("/servizi/pagamenti/:id", () => {
  test("anonymous: the service, the login back to the page, the spontaneous payment of the same system", async () => {
    const res = await get("/servizi/pagamenti/104");
    expect(res.status).toBe(200);
    const text = visible(res.text);
    expect(text).toContain("Pagamento TARI");
    expect(text).toContain("Consulta e paga gli avvisi della tassa sui rifiuti con pagoPA.");
    expect(text).toContain("Accedi per vedere i tuoi pagamenti");
    expect(res.text).toContain(
      `href="/api/utenti/login?redirector=${encodeURIComponent("/servizi/pagamenti/104")}"`,
    );
    expect(res.text).toContain('href="/servizi/ppay/pagamento-spontaneo"');
    expect(text).not.toContain("I tuoi pagamenti");
    expect(text).toContain("Quanto sono chiare le informazioni su questa pagina?");
    // A service's page is an information page (Modello Comuni C.SI.2.6): the service question ends a flow only.
    expect(text).not.toContain("Quanto è stato facile usare questo servizio?");
  });

  test("logged in: only the service's type (TARI), IUV descending, paged, filtered, in euro", async () => {
    const cookie = await citizenCookie(ANNA);
    const res = await get("/servizi/pagamenti/104", cookie);
    expect(res.status).toBe(200);
    const text = visible(res.text);
    expect(text).toContain("I tuoi pagamenti");
    expect(text).toContain("2 pagamenti su 2");
    expect(text.indexOf("TARI 2026 - prima rata")).toBeLessThan(text.indexOf("TARI 2025 - rata unica"));
    expect(text).toContain("€ 1.234,50");
    expect(text).not.toContain("Mensa scolastica");
    expect(res.text).toContain(`href="/area-personale/pagamento-iuv/${seedIuv("comune-a", ANNA, 6)}"`);
    expect(res.text).toContain(`href="/area-personale/pagamenti/${seedIuv("comune-a", ANNA, 1)}/ricevuta"`);

    const paid = visible((await get("/servizi/pagamenti/104?stato-pagamento=pagato", cookie)).text);
    expect(paid).toContain("1 pagamento su 1");
    expect(paid).toContain("TARI 2025 - rata unica");
    expect(paid).not.toContain("TARI 2026 - prima rata");
    const contravvenzioni = visible(
      (await get("/servizi/pagamenti/107?stato-pagamento=da-pagare", cookie)).text,
    );
    expect(contravvenzioni).toContain("Non ci sono pagamenti in base ai filtri di ricerca");
  });

  test("a MYPAY service (106) lists the citizen's MYPAY dues of its type; a MYPAY failure keeps the page", async () => {
    const cookie = await citizenCookie(ANNA);
    const res = await get("/servizi/pagamenti/106", cookie);
    expect(res.status).toBe(200);
    const text = visible(res.text);
    // Anna's two DIRITTI_SEGRETERIA dues, the municipality's own (`creatoDa: ENTE`, issue #40): their causale and
    // no payer-created warning (a payer-created due's texts are hidden: payments.test.ts).
    expect(text).toContain("2 pagamenti su 2");
    expect(text).toContain("Diritti di istruttoria SCIA 2026/042");
    expect(text).toContain("Diritti di segreteria pratica edilizia 2025/118");
    expect(text).toContain(mypayIuv("comune-a", 1));
    expect(text).toContain(mypayIuv("comune-a", 2));
    expect(text).not.toContain("chiunque può crearne uno indicando il tuo codice fiscale");
    // Not of its type (LAMPADE_VOTIVE), nor another citizen's (Mario's).
    expect(text).not.toContain("Lampade votive 2026");
    expect(text).not.toContain("Diritti di segreteria pratica 2025/007");
    await request(sandbox.url).post("/__sandbox/faults").send({ mypay: "down" }).expect(200);
    try {
      const failed = await get("/servizi/pagamenti/106", cookie);
      expect(failed.status).toBe(200);
      expect(visible(failed.text)).toContain("Non è stato possibile caricare l'elenco dei pagamenti");
      expect(visible(failed.text)).toContain("Diritti di segreteria");
    } finally {
      await request(sandbox.url).post("/__sandbox/faults").send({ mypay: "" }).expect(200);
    }
  });

  test("comune-b 205 (PPAY): Mario's fines", async () => {
    const cookie = await citizenCookie(MARIO, "b");
    const text = visible((await get("/servizi/pagamenti/205", cookie, HOSTS.b)).text);
    expect(text).toContain("Multe e sanzioni");
    expect(text).toContain("Contravvenzione codice della strada n. 877");
  });

  test.each(["/servizi/pagamenti/101", "/servizi/pagamenti/999", "/servizi/pagamenti/101/esito-pagamento"])(
    "%s is not a payment service: 404 page",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(visible(res.text)).toContain("Servizio di pagamento non trovato");
    },
  );

  test("the payment system off: the not-available page", async () => {
    const relay = await startRelay(sandbox.url, (path, json) =>
      path.endsWith("/fromtenant")
        ? {
            ...(json as { assets: Array<{ codice: string }> }),
            assets: (json as { assets: Array<{ codice: string }> }).assets.filter(
              (a) => a.codice !== "MYPAY",
            ),
          }
        : json,
    );
    try {
      const server = testApp({ upstreamUrl: relay.url, ssrHandler }).app;
      const res = await request(server).get("/servizi/pagamenti/106").set("Host", HOSTS.a);
      expect([res.status, res.headers.location]).toEqual([302, "/servizio-non-disponibile"]);
      const ppay = await request(server).get("/servizi/pagamenti/104").set("Host", HOSTS.a);
      expect(ppay.status).toBe(200);
    } finally {
      await relay.close();
    }
  });
});

describe("esito-pagamento and the outcome page", () => {
  test("a forged codEsito=000 for an unpaid IUV never shows success", async () => {
    const cookie = await citizenCookie(ANNA);
    const iuv = seedIuv("comune-a", ANNA, 6);
    const res = await get(`/servizi/pagamenti/104/esito-pagamento?iuv=${iuv}&codEsito=000`, cookie);
    expect(res.status).toBe(200);
    const text = visible(res.text);
    expect(text).toContain("Pagamento non ancora confermato");
    expect(text).not.toContain("Pagamento eseguito");
    expect(text).toContain("Torna al servizio");
    expect(text).toContain("Quanto è stato facile usare questo servizio?");
    const paid = visible(
      (
        await get(
          `/servizi/pagamenti/104/esito-pagamento?iuv=${seedIuv("comune-a", ANNA, 1)}&codEsito=100`,
          cookie,
        )
      ).text,
    );
    expect(paid).toContain("Pagamento eseguito");
  });

  test("a MYPAY immediate due: unpaid with a forged 000 is not confirmed; paid through the checkout is paid", async () => {
    const cookie = await citizenCookie(ANNA);
    const created = await request(sandbox.url)
      .post("/api-public/mypay/importaDovutoImmediato")
      .set("X-Forwarded-Host", UPSTREAM_HOSTS.a)
      .send({
        codTipo: "CANONE_MERCATO",
        importo: 20,
        causale: "Posteggio 3",
        pagatore: {
          tipo: "F",
          codiceIdentificativo: ANNA,
          anagrafica: "Anna Esposito",
          email: "a@example.org",
        },
      })
      .expect(201);
    const iuv = created.body.iuv as string;
    const forged = visible((await get(`/servizi/pagamento-esito?iuv=${iuv}&codEsito=000`, cookie)).text);
    expect(forged).toContain("Pagamento non ancora confermato");
    await request(sandbox.url)
      .post(`${new URL(created.body.urlPagamento).pathname}/paga`)
      .expect(303);
    const paid = visible((await get(`/servizi/pagamento-esito?iuv=${iuv}&codEsito=000`, cookie)).text);
    expect(paid).toContain("Pagamento eseguito");
    const service = visible((await get(`/servizi/pagamenti/106/esito-pagamento?iuv=${iuv}`, cookie)).text);
    expect(service).toContain("Pagamento eseguito");
  });

  test("another citizen's MYPAY due: the outcome says not found and never looks it up by IUV", async () => {
    const anna = await citizenCookie(ANNA);
    const created = await request(sandbox.url)
      .post("/api-public/mypay/importaDovutoImmediato")
      .set("X-Forwarded-Host", UPSTREAM_HOSTS.a)
      .send({
        codTipo: "CANONE_MERCATO",
        importo: 30,
        causale: "Posteggio 9",
        pagatore: {
          tipo: "F",
          codiceIdentificativo: ANNA,
          anagrafica: "Anna Esposito",
          email: "a@example.org",
        },
      })
      .expect(201);
    const iuv = created.body.iuv as string;
    await request(sandbox.url)
      .post(`${new URL(created.body.urlPagamento).pathname}/paga`)
      .expect(303);
    const relay = await startRelay(sandbox.url);
    try {
      const mario = await citizenCookie(MARIO);
      const path = `/servizi/pagamento-esito?iuv=${iuv}&codEsito=000`;
      const foreign = visible(
        (await request(app(relay.url)).get(path).set("Host", HOSTS.a).set("Cookie", mario)).text,
      );
      expect(foreign).toContain("Posizione debitoria non trovata");
      expect(foreign).not.toContain("Pagamento eseguito");
      const anonymous = visible((await request(app(relay.url)).get(path).set("Host", HOSTS.a)).text);
      expect(anonymous).toContain("Esito in attesa di conferma");
      expect(anonymous).not.toContain("Pagamento eseguito");
      const own = visible(
        (await request(app(relay.url)).get(path).set("Host", HOSTS.a).set("Cookie", anna)).text,
      );
      expect(own).toContain("Pagamento eseguito");
      const mypayCalls = relay.received
        .filter((r) => r.url.includes("/mypay/"))
        .map((r) => r.url.split("?")[0]);
      expect(mypayCalls.some((url) => url!.includes("verificaAvviso"))).toBe(false);
      expect(mypayCalls).toContain(`/api/mypay/posizioni/${MARIO}`);
      expect(mypayCalls).toContain(`/api/mypay/posizioni/${ANNA}`);
    } finally {
      await relay.close();
    }
  });

  test("anonymous: the outcome asks to log in", async () => {
    const res = await get(
      `/servizi/pagamenti/104/esito-pagamento?iuv=${seedIuv("comune-a", ANNA, 1)}&codEsito=000`,
    );
    expect(res.status).toBe(200);
    expect(visible(res.text)).toContain("Esito in attesa di conferma");
  });
});
