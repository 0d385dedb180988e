import { afterAll, beforeAll, describe, expect, onTestFinished, test, vi } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox, type StartedSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { PortalBrowser, type Upload, withoutSummaryVersion } from "#tests/support/portal-browser.ts";
import { CITIZENS } from "#tests/support/portal-requests.ts";

// The disruption report over HTTP, without JavaScript: production build (npm test builds first), the real app with
// its sealed flow cookie, the sandbox upstream (in process, so a test can switch the service off).
let sandbox: StartedSandbox;
let upstreamUrl: string;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox();
  upstreamUrl = sandbox.url;
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const A = "comune-a.localhost";
const GIULIA = CITIZENS.GIULIA;
const NEW = "/servizi/segnalazioni/nuova";
const TILES = "https://tiles.example.org/{z}/{x}/{y}.png";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const app = () => testApp({ upstreamUrl, ssrHandler, mapTileUrl: TILES }).app;

const step = (passo: string) => `${NEW}?passo=${passo}`;
/** The report's first page (its bare address redirects there). */
const FIRST = step("autorizzazioni");
/** A photo for the report's `allegati` field. */
const photo = (name: string, bytes = PNG): Upload => ({ field: "allegati", name, bytes, type: "image/png" });

/** Giulia logged in (her data put back as seeded) on the report's first page, on a portal of her own. */
async function citizen(): Promise<PortalBrowser> {
  await request(sandbox.app).post(`/__sandbox/citizens/${GIULIA}/reset`).expect(200);
  const browser = new PortalBrowser(app(), A)
    .withMultipartForms()
    .withCookie(await loginAs(sandbox.app, GIULIA));
  expect((await browser.get(FIRST)).status).toBe(200);
  return browser;
}

const decode = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

describe("access", () => {
  test("anonymous: to the login and back", async () => {
    const res = await request(app()).get(NEW).set("Host", A);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/api/utenti/login?redirector=${encodeURIComponent(NEW)}`);
  });

  test("a municipality without DISSERVIZIO_CRM: the service is not available", async () => {
    const tenant = sandbox.store.tenants.find((t) => t.id === "comune-a")!;
    const index = tenant.assets.findIndex((a) => a.codice === "DISSERVIZIO_CRM");
    const [removed] = tenant.assets.splice(index, 1);
    try {
      const res = await request(app()).get(NEW).set("Host", A);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("/servizio-non-disponibile");
    } finally {
      tenant.assets.splice(index, 0, removed!);
    }
  });

  test("the CSP's img-src has exactly our own images and the tile origin", async () => {
    const browser = await citizen();
    const res = await browser.get(FIRST);
    const imgSrc = /img-src ([^;]*)/.exec(String(res.headers["content-security-policy"]))![1];
    expect(imgSrc).toBe("'self' data: https://tiles.example.org");
  });
});

describe("the report without JavaScript", () => {
  test("each step validates with Italian messages and keeps what was typed; send → 303 outcome, one ticket", async () => {
    const browser = await citizen();
    let res = await browser.get(NEW);
    expect([res.status, res.headers.location]).toEqual([302, FIRST]);
    res = await browser.get(FIRST);
    expect(decode(res.text)).toContain("Autorizzazioni e condizioni");
    expect(decode(res.text)).toContain("Segnalazione disservizio");

    res = await browser.post(step("autorizzazioni"), { intent: "autorizzazioni" });
    expect(res.status).toBe(400);
    expect(decode(res.text)).toContain("Per proseguire devi accettare l'informativa sulla privacy");
    res = await browser.post(step("autorizzazioni"), { intent: "autorizzazioni", accetto: "on" });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${NEW}?passo=dati`);

    res = await browser.get(`${NEW}?passo=dati`);
    expect(decode(res.text)).toContain("Indica il luogo del disservizio");
    expect(res.text).toContain("giulia"); // the profile's e-mail, pre-filled

    // Missing everything: 400, every message, the typed title kept.
    res = await browser.post(step("dati"), {
      intent: "dati",
      titolo: "Lampione spento",
      dettagli: "",
      categoria: "",
      luogo: "",
    });
    expect(res.status).toBe(400);
    const page = decode(res.text);
    expect(page).toContain(
      "Indica il luogo: cerca l'indirizzo e scegli un risultato, oppure clicca sulla mappa",
    );
    expect(page).toContain("Seleziona il tipo di disservizio");
    expect(page).toContain("Descrivi il disservizio");
    expect(page).toContain('value="Lampione spento"');

    // Too long details: the message, and the text back whole (nothing typed is cut).
    res = await browser.post(step("dati"), {
      intent: "dati",
      titolo: "T",
      dettagli: `${"x".repeat(200)}FINE`,
      categoria: "901",
    });
    expect(res.status).toBe(400);
    expect(decode(res.text)).toContain("I dettagli possono avere al massimo 200 caratteri");
    expect(res.text).toContain(`>${"x".repeat(200)}FINE</textarea>`);

    // 200 characters with a line break, as the browser sends it (CR LF) and counts it (one): not too long.
    res = await browser.post(step("dati"), {
      intent: "dati",
      titolo: "T",
      dettagli: `${"x".repeat(198)}\r\ny`,
      categoria: "901",
    });
    expect(res.status).toBe(400); // the place is still missing
    expect(decode(res.text)).not.toContain("I dettagli possono avere al massimo 200 caratteri");
    expect(res.text).toContain(`>${"x".repeat(198)}\ny</textarea>`);

    // The address search: server-side geocoding answers radio buttons, typed values and the photo kept.
    res = await browser.post(
      step("dati"),
      {
        intent: "cerca",
        luogo: "Via Roma Valverde",
        titolo: "Lampione spento",
        dettagli: "Spento da giorni",
        categoria: "901",
      },
      [photo("foto.png")],
    );
    expect(res.status).toBe(200);
    const radio = /<input type="radio" id="luogo-0" name="luogoScelto"[^>]*value="([^"]+)"/.exec(res.text);
    expect(radio).not.toBeNull();
    expect(decode(radio![1]!)).toMatch(/^45\.053;7\.5215;Via Roma 12, Valverde$/);
    expect(res.text).toContain(">Spento da giorni</textarea>");
    expect(decode(res.text)).toContain("foto.png");

    // A lying file is refused by content.
    res = await browser.post(
      step("dati"),
      {
        intent: "cerca",
        luogo: "Via Roma Valverde",
        titolo: "Lampione spento",
        dettagli: "Spento da giorni",
        categoria: "901",
      },
      [photo("finta.png", Buffer.from("%PDF-1.4 nope"))],
    );
    expect(res.status).toBe(400);
    expect(decode(res.text)).toContain("non è del tipo dichiarato");

    res = await browser.post(step("dati"), {
      intent: "dati",
      luogo: "Via Roma Valverde",
      luogoScelto: decode(radio![1]!),
      titolo: "Lampione spento",
      dettagli: "Spento da giorni",
      categoria: "901",
      email: "giulia.bianchi@example.it",
    });
    expect(res.status).toBe(303);
    expect(withoutSummaryVersion(res.headers.location)).toBe(`${NEW}?passo=riepilogo`);

    res = await browser.get(`${NEW}?passo=riepilogo`);
    const summary = decode(res.text);
    expect(summary).toContain("Via Roma 12, Valverde");
    expect(summary).toContain("45.053000, 7.521500");
    expect(summary).toContain("Illuminazione pubblica");
    expect(summary).toContain("foto.png");

    const sent = await browser.post(step("riepilogo"), { intent: "invia" });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`${NEW}/esito`);
    const twice = await browser.post(step("riepilogo"), { intent: "invia" });
    expect(twice.status).toBe(303);
    expect(twice.headers.location).toBe(`${NEW}/esito`);
    const tickets = sandbox.store.state.crm["comune-a"]!.tickets.filter(
      (t) => t.kind === "disservizio" && t.customer.codice_fiscale === GIULIA,
    );
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.place).toEqual({ address: "Via Roma 12, Valverde", lat: 45.053, lon: 7.5215 });
    expect(tickets[0]!.articles[0]!.body).toContain("Luogo del disservizio: Via Roma 12, Valverde");
    expect(tickets[0]!.articles[0]!.attachments.map((a) => a.filename)).toEqual(["foto.png"]);

    const outcome = await browser.get(`${NEW}/esito`);
    expect(outcome.status).toBe(200);
    expect(decode(outcome.text)).toContain("Segnalazione inviata");
    expect(outcome.text).toContain(tickets[0]!.number);
    const receiptHref = /href="(\/servizi\/segnalazioni\/\d+\/ricevuta)"/.exec(outcome.text)![1]!;
    const receipt = await browser.get(receiptHref);
    expect(receipt.status).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");
    expect(receipt.headers["content-disposition"]).toMatch(
      /^attachment; filename="ricevuta-segnalazione-(\d+)\.pdf"; filename\*=UTF-8''ricevuta-segnalazione-\1\.pdf$/,
    );
    expect(receipt.headers["cache-control"]).toBe("private, no-store");
    expect(
      Buffer.from(receipt.body as Buffer)
        .subarray(0, 4)
        .toString(),
    ).toBe("%PDF");
  });

  test("a later step asked too early goes to the first one; a receipt of nobody's report is a 404", async () => {
    const browser = await citizen();
    const res = await browser.get(`${NEW}?passo=riepilogo`);
    expect([res.status, res.headers.location]).toEqual([302, FIRST]);
    expect(decode((await browser.get(FIRST)).text)).toContain("Informativa sulla privacy");
    expect((await browser.get("/servizi/segnalazioni/99999/ricevuta")).status).toBe(404);
    expect((await browser.get(`${NEW}/esito`)).headers.location).toBe(NEW);
  });
});

describe("the files a report keeps (short-lived store)", () => {
  const VALID = {
    intent: "dati",
    luogo: "Via Roma 12, Valverde",
    luogoScelto: "45.053;7.5215;Via Roma 12, Valverde",
    titolo: "Buca in strada",
    dettagli: "Profonda",
    categoria: "901",
    email: "giulia.bianchi@example.it",
  };
  const giuliaTickets = () =>
    sandbox.store.state.crm["comune-a"]!.tickets.filter(
      (t) => t.kind === "disservizio" && t.customer.codice_fiscale === GIULIA,
    );

  test("a file gone from the store (an hour passed, a restart, another replica): the summary says so, «Invia» sends nothing until it is attached again", async () => {
    const browser = await citizen();
    await browser.post(step("autorizzazioni"), { intent: "autorizzazioni", accetto: "on" });
    let res = await browser.post(step("dati"), VALID, [photo("buca.png")]);
    expect(res.status).toBe(303);
    expect(decode((await browser.get(`${NEW}?passo=riepilogo`)).text)).toContain("buca.png");
    const before = giuliaTickets().length;

    const realNow = performance.now.bind(performance);
    const clock = vi.spyOn(performance, "now").mockImplementation(() => realNow() + 61 * 60 * 1000);
    try {
      const summary = decode((await browser.get(`${NEW}?passo=riepilogo`)).text);
      expect(summary).toContain("Mancano dei file allegati");
      expect(summary).toContain("Un file che avevi allegato non è più disponibile sul portale");
      res = await browser.post(step("riepilogo"), { intent: "invia" });
      expect(res.status).toBe(409);
      expect(decode(res.text)).toContain(
        "Un file che avevi allegato non è più disponibile sul portale (è passato troppo tempo o il servizio è stato riavviato): allegalo di nuovo prima di inviare la segnalazione.",
      );
      expect(giuliaTickets()).toHaveLength(before);
    } finally {
      clock.mockRestore();
    }

    res = await browser.post(step("dati"), VALID, [photo("buca-2.png")]);
    expect(res.status).toBe(303);
    res = await browser.post(step("riepilogo"), { intent: "invia" });
    expect(res.status).toBe(303);
    expect(giuliaTickets()).toHaveLength(before + 1);
    expect(
      giuliaTickets()
        .at(-1)!
        .articles[0]!.attachments.map((a) => a.filename),
    ).toEqual(["buca-2.png"]);
  });

  test("one client flooding uploads is refused with 429 at its quota, keeping what it typed; another citizen's photo survives and is sent", async () => {
    // A security test: against the sandbox playing the real upstream's documented gaps.
    const gaps = await startSandbox({ gaps: true });
    onTestFinished(() => gaps.close());
    const portal = testApp({
      upstreamUrl: gaps.url,
      ssrHandler,
      mapTileUrl: TILES,
      env: { TRUST_PROXY: "loopback" },
    }).app;
    const visitor = async (fiscalCode: string, ip: string) => {
      const browser = new PortalBrowser(portal, A)
        .withMultipartForms()
        .withHeader("X-Forwarded-For", ip)
        .withCookie(await loginAs(gaps.app, fiscalCode));
      const start = async () => {
        browser.cookies.delete("flow_disruption");
        await browser.get(FIRST);
        await browser.post(step("autorizzazioni"), { intent: "autorizzazioni", accetto: "on" });
      };
      return { browser, start };
    };
    const giulia = await visitor(GIULIA, "192.0.2.1");
    await giulia.start();
    expect((await giulia.browser.post(step("dati"), VALID, [photo("mia.png")])).status).toBe(303);

    // 12 reports of 3 photos of almost 2 MB each (72 MB, more than the whole store) from one address.
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - 1024 - PNG.length)]);
    const mallory = await visitor(CITIZENS.MARIO, "198.51.100.7");
    const statuses: number[] = [];
    let refusal = "";
    for (let report = 0; report < 12; report++) {
      await mallory.start();
      const files = [1, 2, 3].map((i) => photo(`f${report}-${i}.png`, big));
      const res = await mallory.browser.post(
        step("dati"),
        { intent: "dati", titolo: `Flood ${report}` },
        files,
      );
      statuses.push(res.status);
      if (res.status === 429) refusal = decode(res.text);
    }
    // Giulia's photo is still there (not evicted by the flood), and the flooder was refused.
    const summary = decode((await giulia.browser.get(`${NEW}?passo=riepilogo`)).text);
    expect(summary).toContain("mia.png");
    expect(summary).not.toContain("Mancano dei file allegati");
    expect(statuses).toEqual([400, 400, 400, ...Array<number>(9).fill(429)]);
    expect(refusal).toContain("Hai già molti file o richieste in sospeso su questo portale");
    expect(refusal).toContain('value="Flood 11"');

    expect((await giulia.browser.post(step("riepilogo"), { intent: "invia" })).status).toBe(303);
    const sent = gaps.store.state.crm["comune-a"]!.tickets.filter(
      (t) => t.kind === "disservizio" && t.customer.codice_fiscale === GIULIA,
    );
    expect(sent.at(-1)!.articles[0]!.attachments.map((a) => a.filename)).toEqual(["mia.png"]);
  });
});
