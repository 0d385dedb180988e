import { afterAll, beforeAll, describe, expect, onTestFinished, test, vi } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox, type StartedSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { maskXsrfToken } from "#server/security/xsrf.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
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

class CookieJar {
  readonly cookies = new Map<string, string>();
  take(setCookies: string[] | string | undefined) {
    for (const line of [setCookies ?? []].flat()) {
      const [pair] = line.split(";");
      const name = pair!.slice(0, pair!.indexOf("="));
      const value = pair!.slice(pair!.indexOf("=") + 1);
      if (/;\s*Max-Age=0(;|$)/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function citizen(): Promise<{ jar: CookieJar; server: ReturnType<typeof app> }> {
  await request(sandbox.app).post(`/__sandbox/citizens/${GIULIA}/reset`).expect(200);
  const jar = new CookieJar();
  const [name, value] = (await loginAs(sandbox.app, GIULIA)).split("=");
  jar.cookies.set(name!, value!);
  const portal = app();
  const first = await request(portal).get(NEW).set("Host", A).set("Cookie", jar.header());
  expect(first.status).toBe(200);
  jar.take(first.headers["set-cookie"]);
  return { jar, server: portal };
}

type Visitor = { jar: CookieJar; server: ReturnType<typeof app>; ip?: string };

/** A request of the visitor: from its own address when it has one (an app with TRUST_PROXY reads it). */
function from(ctx: Visitor, req: request.Test) {
  return ctx.ip ? req.set("X-Forwarded-For", ctx.ip) : req;
}

function get(ctx: Visitor, path: string) {
  return from(ctx, request(ctx.server).get(path).set("Host", A).set("Cookie", ctx.jar.header()));
}

async function post(
  ctx: Visitor,
  step: string,
  fields: Record<string, string>,
  files: Array<{ name: string; bytes: Buffer; type: string }> = [],
) {
  let req = from(ctx, request(ctx.server).post(`${NEW}?passo=${step}`))
    .set("Host", A)
    .set("Origin", `http://${A}`)
    .set("Cookie", ctx.jar.header())
    .field("_xsrf", maskXsrfToken(ctx.jar.cookies.get("XSRF-TOKEN")!));
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  for (const f of files) req = req.attach("allegati", f.bytes, { filename: f.name, contentType: f.type });
  const res = await req;
  ctx.jar.take(res.headers["set-cookie"]);
  return res;
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
    const ctx = await citizen();
    const res = await get(ctx, NEW);
    const imgSrc = /img-src ([^;]*)/.exec(String(res.headers["content-security-policy"]))![1];
    expect(imgSrc).toBe("'self' data: https://tiles.example.org");
  });
});

describe("the report without JavaScript", () => {
  test("each step validates with Italian messages and keeps what was typed; send → 303 outcome, one ticket", async () => {
    const ctx = await citizen();
    let res = await get(ctx, NEW);
    expect(decode(res.text)).toContain("Autorizzazioni e condizioni");
    expect(decode(res.text)).toContain("Segnalazione disservizio");

    res = await post(ctx, "autorizzazioni", { intent: "autorizzazioni" });
    expect(res.status).toBe(400);
    expect(decode(res.text)).toContain("Per proseguire devi accettare l'informativa sulla privacy");
    res = await post(ctx, "autorizzazioni", { intent: "autorizzazioni", accetto: "on" });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${NEW}?passo=dati`);

    res = await get(ctx, `${NEW}?passo=dati`);
    expect(decode(res.text)).toContain("Indica il luogo del disservizio");
    expect(res.text).toContain("giulia"); // the profile's e-mail, pre-filled

    // Missing everything: 400, every message, the typed title kept.
    res = await post(ctx, "dati", {
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

    // Too long details.
    res = await post(ctx, "dati", {
      intent: "dati",
      titolo: "T",
      dettagli: "x".repeat(201),
      categoria: "901",
    });
    expect(res.status).toBe(400);
    expect(decode(res.text)).toContain("I dettagli possono avere al massimo 200 caratteri");

    // The address search: server-side geocoding answers radio buttons, typed values and the photo kept.
    res = await post(
      ctx,
      "dati",
      {
        intent: "cerca",
        luogo: "Via Roma Valverde",
        titolo: "Lampione spento",
        dettagli: "Spento da giorni",
        categoria: "901",
      },
      [{ name: "foto.png", bytes: PNG, type: "image/png" }],
    );
    expect(res.status).toBe(200);
    const radio = /<input type="radio" id="luogo-0" name="luogoScelto"[^>]*value="([^"]+)"/.exec(res.text);
    expect(radio).not.toBeNull();
    expect(decode(radio![1]!)).toMatch(/^45\.053;7\.5215;Via Roma 12, Valverde$/);
    expect(res.text).toContain(">Spento da giorni</textarea>");
    expect(decode(res.text)).toContain("foto.png");

    // A lying file is refused by content.
    res = await post(
      ctx,
      "dati",
      {
        intent: "cerca",
        luogo: "Via Roma Valverde",
        titolo: "Lampione spento",
        dettagli: "Spento da giorni",
        categoria: "901",
      },
      [{ name: "finta.png", bytes: Buffer.from("%PDF-1.4 nope"), type: "image/png" }],
    );
    expect(res.status).toBe(400);
    expect(decode(res.text)).toContain("non è del tipo dichiarato");

    res = await post(ctx, "dati", {
      intent: "dati",
      luogo: "Via Roma Valverde",
      luogoScelto: decode(radio![1]!),
      titolo: "Lampione spento",
      dettagli: "Spento da giorni",
      categoria: "901",
      email: "giulia.bianchi@example.it",
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${NEW}?passo=riepilogo`);

    res = await get(ctx, `${NEW}?passo=riepilogo`);
    const summary = decode(res.text);
    expect(summary).toContain("Via Roma 12, Valverde");
    expect(summary).toContain("45.053000, 7.521500");
    expect(summary).toContain("Illuminazione pubblica");
    expect(summary).toContain("foto.png");

    const sent = await post(ctx, "riepilogo", { intent: "invia" });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`${NEW}/esito`);
    const twice = await post(ctx, "riepilogo", { intent: "invia" });
    expect(twice.status).toBe(303);
    expect(twice.headers.location).toBe(`${NEW}/esito`);
    const tickets = sandbox.store.state.crm["comune-a"]!.tickets.filter(
      (t) => t.kind === "disservizio" && t.customer.codice_fiscale === GIULIA,
    );
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.place).toEqual({ address: "Via Roma 12, Valverde", lat: 45.053, lon: 7.5215 });
    expect(tickets[0]!.articles[0]!.body).toContain("Luogo del disservizio: Via Roma 12, Valverde");
    expect(tickets[0]!.articles[0]!.attachments.map((a) => a.filename)).toEqual(["foto.png"]);

    const outcome = await get(ctx, `${NEW}/esito`);
    expect(outcome.status).toBe(200);
    expect(decode(outcome.text)).toContain("Segnalazione inviata");
    expect(outcome.text).toContain(tickets[0]!.number);
    const receiptHref = /href="(\/servizi\/segnalazioni\/\d+\/ricevuta)"/.exec(outcome.text)![1]!;
    const receipt = await get(ctx, receiptHref).buffer(true);
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

  test("a later step asked too early shows the first one; a receipt of nobody's report is a 404", async () => {
    const ctx = await citizen();
    const res = await get(ctx, `${NEW}?passo=riepilogo`);
    expect(res.status).toBe(200);
    expect(decode(res.text)).toContain("Informativa sulla privacy");
    expect((await get(ctx, "/servizi/segnalazioni/99999/ricevuta")).status).toBe(404);
    expect((await get(ctx, `${NEW}/esito`)).headers.location).toBe(NEW);
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
    const ctx = await citizen();
    await post(ctx, "autorizzazioni", { intent: "autorizzazioni", accetto: "on" });
    let res = await post(ctx, "dati", VALID, [{ name: "buca.png", bytes: PNG, type: "image/png" }]);
    expect(res.status).toBe(303);
    expect(decode((await get(ctx, `${NEW}?passo=riepilogo`)).text)).toContain("buca.png");
    const before = giuliaTickets().length;

    const realNow = performance.now.bind(performance);
    const clock = vi.spyOn(performance, "now").mockImplementation(() => realNow() + 61 * 60 * 1000);
    try {
      const summary = decode((await get(ctx, `${NEW}?passo=riepilogo`)).text);
      expect(summary).toContain("Mancano dei file allegati");
      expect(summary).toContain("Un file che avevi allegato non è più disponibile sul portale");
      res = await post(ctx, "riepilogo", { intent: "invia" });
      expect(res.status).toBe(409);
      expect(decode(res.text)).toContain(
        "Un file che avevi allegato non è più disponibile sul portale (è passato troppo tempo o il servizio è stato riavviato): allegalo di nuovo prima di inviare la segnalazione.",
      );
      expect(giuliaTickets()).toHaveLength(before);
    } finally {
      clock.mockRestore();
    }

    res = await post(ctx, "dati", VALID, [{ name: "buca-2.png", bytes: PNG, type: "image/png" }]);
    expect(res.status).toBe(303);
    res = await post(ctx, "riepilogo", { intent: "invia" });
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
      const jar = new CookieJar();
      const [name, value] = (await loginAs(gaps.app, fiscalCode)).split("=");
      jar.cookies.set(name!, value!);
      const ctx = { jar, server: portal, ip };
      const start = async () => {
        jar.cookies.delete("flow_disruption");
        jar.take((await get(ctx, NEW)).headers["set-cookie"]);
        await post(ctx, "autorizzazioni", { intent: "autorizzazioni", accetto: "on" });
      };
      return { ctx, start };
    };
    const giulia = await visitor(GIULIA, "192.0.2.1");
    await giulia.start();
    expect(
      (await post(giulia.ctx, "dati", VALID, [{ name: "mia.png", bytes: PNG, type: "image/png" }])).status,
    ).toBe(303);

    // 12 reports of 3 photos of almost 2 MB each (72 MB, more than the whole store) from one address.
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - 1024 - PNG.length)]);
    const mallory = await visitor("RSSMRA80A01H501U", "198.51.100.7");
    const statuses: number[] = [];
    let refusal = "";
    for (let report = 0; report < 12; report++) {
      await mallory.start();
      const files = [1, 2, 3].map((i) => ({ name: `f${report}-${i}.png`, bytes: big, type: "image/png" }));
      const res = await post(mallory.ctx, "dati", { intent: "dati", titolo: `Flood ${report}` }, files);
      statuses.push(res.status);
      if (res.status === 429) refusal = decode(res.text);
    }
    // Giulia's photo is still there (not evicted by the flood), and the flooder was refused.
    const summary = decode((await get(giulia.ctx, `${NEW}?passo=riepilogo`)).text);
    expect(summary).toContain("mia.png");
    expect(summary).not.toContain("Mancano dei file allegati");
    expect(statuses).toEqual([400, 400, 400, ...Array<number>(9).fill(429)]);
    expect(refusal).toContain("Hai già molti file o richieste in sospeso su questo portale");
    expect(refusal).toContain('value="Flood 11"');

    expect((await post(giulia.ctx, "riepilogo", { intent: "invia" })).status).toBe(303);
    const sent = gaps.store.state.crm["comune-a"]!.tickets.filter(
      (t) => t.kind === "disservizio" && t.customer.codice_fiscale === GIULIA,
    );
    expect(sent.at(-1)!.articles[0]!.attachments.map((a) => a.filename)).toEqual(["mia.png"]);
  });
});
