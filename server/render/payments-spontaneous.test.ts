import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { Express, RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { startRelay, testApp } from "#tests/support/test-app.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { PortalBrowser, withoutSummaryVersion } from "#tests/support/portal-browser.ts";
import { CITIZENS, HOSTS } from "#tests/support/portal-requests.ts";

// Spontaneous payments (PPAY, MYPAY gate) over HTTP without JavaScript: production build, real app, sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
let app: Express;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
  app = testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;
});
afterAll(() => sandbox.close());

const ONLINE = "/servizi/ppay/pagamento-spontaneo/online";
const NOTICE = "/servizi/ppay/pagamento-spontaneo/avviso-pagamento";

const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const PAYER = {
  kind: "F",
  firstName: "Carla",
  lastName: "Neri",
  email: "carla.neri@example.it",
  emailRepeat: "carla.neri@example.it",
  taxCode: CITIZENS.GIULIA,
};

/** The step a form's `intent` belongs to: each step's form posts to its own address (`?passo=`), as the page's does. */
const STEP_OF: Record<string, string> = {
  privacy: "privacy",
  tipologia: "tipologia",
  dati: "dati",
  importo: "importo",
  paga: "riepilogo",
};
const postStep = (jar: PortalBrowser, path: string, fields: Record<string, string>) =>
  jar.post(`${path}?passo=${STEP_OF[fields.intent!]}`, fields);

/** Walks the steps up to the summary, checking each redirect. */
async function toSummary(jar: PortalBrowser, path: string, type = "MENSA", amount = "12,50") {
  const steps: Array<[Record<string, string>, string]> = [
    [{ intent: "privacy", privacy: "1" }, "tipologia"],
    [{ intent: "tipologia", typeCode: type, note: "" }, "dati"],
    [{ intent: "dati", ...PAYER }, "importo"],
    [{ intent: "importo", amount }, "riepilogo"],
  ];
  for (const [fields, next] of steps) {
    const res = await postStep(jar, path, fields);
    expect(res.status, JSON.stringify(fields)).toBe(303);
    expect(withoutSummaryVersion(res.headers.location)).toBe(`${path}?passo=${next}`);
  }
  const summary = await jar.get(`${path}?passo=riepilogo`);
  expect(summary.status).toBe(200);
  return visible(summary.text);
}

describe("spontaneous payment (PPAY)", () => {
  test("the home shows the two ways; anonymous visitors get the login prompt", async () => {
    const res = await new PortalBrowser(app, HOSTS.a).get("/servizi/ppay/pagamento-spontaneo");
    expect(res.status).toBe(200);
    const text = visible(res.text);
    expect(text).toContain("Pagamento spontaneo");
    expect(text).toContain("Pagamento online tramite pagoPA");
    expect(text).toContain("Genera avviso di pagamento");
    expect(text).toContain("Hai già un'identità digitale SPID o CIE?");
    expect(res.text).toContain("redirector=%2Fservizi%2Fppay%2Fpagamento-spontaneo");
  });

  test("a step cannot be skipped; each step's errors are 400 with Italian messages and the values kept", async () => {
    const jar = new PortalBrowser(app, HOSTS.a);
    const skipped = await jar.get(`${ONLINE}?passo=riepilogo`);
    expect([skipped.status, skipped.headers.location]).toEqual([302, `${ONLINE}?passo=privacy`]);
    const first = await jar.get(skipped.headers.location!);
    expect(visible(first.text)).toContain("Ho letto e compreso l'informativa sulla privacy");

    const privacy = await postStep(jar, ONLINE, { intent: "privacy" });
    expect(privacy.status).toBe(400);
    expect(visible(privacy.text)).toContain(
      "Per proseguire è necessario accettare l'informativa sulla privacy",
    );
    expect((await postStep(jar, ONLINE, { intent: "privacy", privacy: "1" })).status).toBe(303);

    const type = await postStep(jar, ONLINE, { intent: "tipologia", typeCode: "DIRSEG", note: "" });
    expect(type.status).toBe(400);
    expect(visible(type.text)).toContain("Inserisci le note richieste per questa tipologia di pagamento");
    expect((await postStep(jar, ONLINE, { intent: "tipologia", typeCode: "NOPE" })).status).toBe(400);
    expect(
      (await postStep(jar, ONLINE, { intent: "tipologia", typeCode: "DIRSEG", note: "Pratica 7" })).status,
    ).toBe(303);

    const payer = await postStep(jar, ONLINE, {
      intent: "dati",
      ...PAYER,
      firstName: "Carla",
      emailRepeat: "altra@example.it",
      taxCode: "12345",
    });
    expect(payer.status).toBe(400);
    const payerText = visible(payer.text);
    expect(payerText).toContain("Deve essere uguale all'email");
    expect(payerText).toContain("Inserisci un codice fiscale di 16 caratteri o una partita IVA di 11 cifre");
    expect(payer.text).toContain('value="Carla"');
    const badVat = await postStep(jar, ONLINE, { intent: "dati", ...PAYER, taxCode: "01234567891" });
    expect(visible(badVat.text)).toContain("La partita IVA non è valida");
    const company = await postStep(jar, ONLINE, {
      intent: "dati",
      kind: "G",
      companyName: "Neri S.r.l.",
      email: PAYER.email,
      emailRepeat: PAYER.email,
      taxCode: "01234567897",
    });
    expect(company.status).toBe(303);

    const refused: Array<[string, string]> = [
      ["0", "L'importo deve essere maggiore di zero"],
      ["-5", "L'importo deve essere maggiore di zero"],
      ["12 50", "Scrivi l'importo senza spazi, ad esempio 12,50"],
      ["12.505", "Indica al massimo due cifre dopo la virgola (i centesimi), ad esempio 12,50"],
      ["1e3", "Scrivi l'importo con sole cifre e la virgola per i centesimi, ad esempio 12,50"],
      ["12,5,0", "Usa un solo separatore per i centesimi, ad esempio 12,50"],
      ["", "Inserisci l'importo"],
      ["100000", "L'importo massimo per questo pagamento è € 99.999,99"],
    ];
    for (const [amount, message] of refused) {
      const res = await postStep(jar, ONLINE, { intent: "importo", amount });
      expect(res.status, amount).toBe(400);
      expect(visible(res.text), amount).toContain(message);
      if (amount) expect(res.text).toContain(`value="${amount}"`);
    }
    expect((await postStep(jar, ONLINE, { intent: "importo", amount: "1.234,50" })).status).toBe(303);
    const summary = visible((await jar.get(`${ONLINE}?passo=riepilogo`)).text);
    expect(summary).toContain("Neri S.r.l.");
    expect(summary).toContain("€ 1.234,50");
    expect(summary).toContain("Pratica 7");
    expect(summary).toContain("Modifica");
  });

  test("MYPAY: the payment type's own maximum bounds the amount", async () => {
    const path = "/servizi/mypay/pagamento-spontaneo/online";
    const jar = new PortalBrowser(app, HOSTS.a);
    const steps: Array<Record<string, string>> = [
      { intent: "privacy", privacy: "1" },
      { intent: "tipologia", typeCode: "CANONE_MERCATO", note: "" },
      { intent: "dati", ...PAYER },
    ];
    for (const fields of steps) expect((await postStep(jar, path, fields)).status).toBe(303);
    const over = await postStep(jar, path, { intent: "importo", amount: "500,01" });
    expect(over.status).toBe(400);
    expect(visible(over.text)).toContain("L'importo massimo per questo pagamento è € 500,00");
    expect((await postStep(jar, path, { intent: "importo", amount: "500" })).status).toBe(303);
  });

  test("two tabs: the summary confirmed is the one shown; changed in the other tab, it shows again and nothing is created", async () => {
    const relay = await startRelay(sandbox.url);
    const portal = testApp({ upstreamUrl: relay.url, ssrHandler }).app;
    const creations = () =>
      relay.received.filter((r) => r.method === "POST" && /\/ppay\/.*\/payment$/.test(r.url)).length;
    try {
      const first = new PortalBrowser(portal, HOSTS.a);
      await toSummary(first, ONLINE, "MENSA", "10");
      // The amount step's form led the first tab to the summary's address naming what it shows (€ 10,00).
      const shown = (await postStep(first, ONLINE, { intent: "importo", amount: "10" })).headers
        .location as string;
      expect(shown).toMatch(/[?&]versione=/);
      expect(visible((await first.get(shown)).text)).toContain("€ 10,00");
      // The second tab (same browser, same cookies) changes the amount.
      const second = first.copy();
      const changed = await postStep(second, ONLINE, { intent: "importo", amount: "500" });
      expect(changed.status).toBe(303);
      for (const [name, value] of second.cookies) first.cookies.set(name, value);
      // The first tab's "Paga": not sent; its summary again, now € 500,00, saying why.
      const refused = await first.post(shown, { intent: "paga" });
      expect(refused.status).toBe(303);
      expect(refused.headers.location).toContain("avviso=riepilogo-cambiato");
      expect(creations()).toBe(0);
      const again = visible((await first.get(refused.headers.location as string)).text);
      expect(again).toContain("Il riepilogo è cambiato");
      expect(again).toContain("€ 500,00");
      // Confirmed from there: the position of € 500,00 is created, once.
      const paid = await first.post(refused.headers.location as string, { intent: "paga" });
      expect(paid.status).toBe(303);
      expect(creations()).toBe(1);
    } finally {
      await relay.close();
    }
  });

  test("in English, amounts are written and read back the English way", async () => {
    const jar = new PortalBrowser(app, HOSTS.a);
    jar.cookies.set("lang", "en");
    const steps: Array<Record<string, string>> = [
      { intent: "privacy", privacy: "1" },
      { intent: "tipologia", typeCode: "MENSA", note: "" },
      { intent: "dati", ...PAYER },
    ];
    for (const fields of steps) expect((await postStep(jar, ONLINE, fields)).status).toBe(303);
    const over = await postStep(jar, ONLINE, { intent: "importo", amount: "100000" });
    expect(over.status).toBe(400);
    expect(visible(over.text)).toContain("The highest amount for this payment is €99,999.99");
    expect((await postStep(jar, ONLINE, { intent: "importo", amount: "1234.50" })).status).toBe(303);
    const summary = visible((await jar.get(`${ONLINE}?passo=riepilogo`)).text);
    expect(summary).toContain("€1,234.50");
    // A step is no end of the service: the page's rating question (Modello Comuni C.SE.1.7).
    expect(summary).toContain("How clear is the information on this page?");
    expect(summary).not.toContain("1.234,50");
    // Back on the amount step ("Modifica"), the field holds the amount as the payer typed it.
    expect((await jar.get(`${ONLINE}?passo=importo`)).text).toContain('value="1234.50"');
    jar.cookies.set("lang", "it");
    expect((await jar.get(`${ONLINE}?passo=importo`)).text).toContain('value="1234,50"');
    expect(visible((await jar.get(`${ONLINE}?passo=riepilogo`)).text)).toContain("€ 1.234,50");
  });

  test("anonymous creation is limited per client address: 429 in Italian, the summary kept, no upstream call", async () => {
    const relay = await startRelay(sandbox.url);
    const limited = testApp({
      upstreamUrl: relay.url,
      ssrHandler,
      env: { PAYMENT_CREATE_PER_CLIENT: "2" },
    }).app;
    const creations = () =>
      relay.received.filter((r) => r.method === "POST" && /\/ppay\/.*\/payment$/.test(r.url)).length;
    try {
      for (let i = 0; i < 2; i++) {
        const jar = new PortalBrowser(limited, HOSTS.a);
        await toSummary(jar, ONLINE);
        // A double click, then a re-post: one position, one of the quota (a replay costs nothing).
        const sent = await Promise.all([0, 1].map(() => postStep(jar, ONLINE, { intent: "paga" })));
        const again = await postStep(jar, ONLINE, { intent: "paga" });
        for (const res of [...sent, again]) expect(res.status).toBe(303);
        expect(new Set([...sent, again].map((res) => res.headers.location)).size).toBe(1);
      }
      expect(creations()).toBe(2);
      const jar = new PortalBrowser(limited, HOSTS.a);
      await toSummary(jar, ONLINE);
      const refused = await postStep(jar, ONLINE, { intent: "paga" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      const text = visible(refused.text);
      expect(text).toContain("Troppi pagamenti creati da questo dispositivo");
      expect(text).toContain("Nome Carla Cognome Neri");
      expect(text).toContain("€ 12,50");
      expect(creations()).toBe(2);
      // The flow is kept: the summary still shows everything typed.
      expect(visible((await jar.get(`${ONLINE}?passo=riepilogo`)).text)).toContain("€ 12,50");
      // A logged-in citizen pays for themselves only: not limited.
      const citizen = new PortalBrowser(limited, HOSTS.a).withCookie(
        await loginAs(sandbox.url, CITIZENS.MARIO),
      );
      await toSummary(citizen, ONLINE);
      expect((await postStep(citizen, ONLINE, { intent: "paga" })).status).toBe(303);
    } finally {
      await relay.close();
    }
  });

  test("without the XSRF field, from a browser that names no sender, the post is refused", async () => {
    const res = await new PortalBrowser(app, HOSTS.a).post(ONLINE, { intent: "privacy", privacy: "1" }, [], {
      xsrf: false,
    });
    expect(res.status).toBe(403);
  });

  test("a step opened from the summary's 'Modifica' goes back to the summary, by its form and by 'Indietro'", async () => {
    const jar = new PortalBrowser(app, HOSTS.a);
    await toSummary(jar, ONLINE);
    const summary = await jar.get(`${ONLINE}?passo=riepilogo`);
    const edit = `${ONLINE}?passo=tipologia&amp;da=riepilogo`;
    expect(summary.text).toContain(`href="${edit}"`);
    const page = await jar.get(`${ONLINE}?passo=tipologia&da=riepilogo`);
    expect(page.text).toMatch(/<input type="hidden" name="ritorno" value="riepilogo"\/>/);
    expect(page.text).toMatch(/<input type="hidden" name="da" value="riepilogo"\/>/);
    expect(page.text).toContain(`href="${ONLINE}?passo=riepilogo"`);
    const changed = await jar.post(`${ONLINE}?passo=tipologia&da=riepilogo`, {
      intent: "tipologia",
      typeCode: "DIRSEG",
      note: "Pratica 9",
      ritorno: "riepilogo",
    });
    expect([changed.status, withoutSummaryVersion(changed.headers.location)]).toEqual([
      303,
      `${ONLINE}?passo=riepilogo`,
    ]);
    expect(visible((await jar.get(`${ONLINE}?passo=riepilogo`)).text)).toContain("Pratica 9");
  });

  test("online: 303 to the checkout stand-in; the same attempt posted twice answers the same URL", async () => {
    const jar = new PortalBrowser(app, HOSTS.a);
    const summary = await toSummary(jar, ONLINE);
    expect(summary).toContain("Paga con pagoPA");
    const first = await postStep(jar, ONLINE, { intent: "paga" });
    expect(first.status).toBe(303);
    expect(first.headers.location).toMatch(/\/__sandbox\/pagopa\/checkout\/[0-9a-f]+$/);
    const second = await postStep(jar, ONLINE, { intent: "paga" });
    expect(second.headers.location).toBe(first.headers.location);
  });

  test("notice: 303 to the outcome, then the PDF; another browser gets a 404", async () => {
    const jar = new PortalBrowser(app, HOSTS.b);
    await toSummary(jar, NOTICE, "CIMIT", "30");
    const created = await postStep(jar, NOTICE, { intent: "paga" });
    expect(created.status).toBe(303);
    expect(created.headers.location).toBe("/avviso-pagamento/esito");
    const outcome = await jar.get("/avviso-pagamento/esito");
    expect(outcome.status).toBe(200);
    const text = visible(outcome.text);
    expect(text).toContain("Avviso di pagamento creato correttamente");
    expect(text).toContain("€ 30,00");
    const code = /Codice avviso (\d{18})/.exec(text)?.[1];
    expect(code).toBeDefined();
    const pdf = await jar.get("/avviso-pagamento/esito/avviso.pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(
      `attachment; filename="avviso-pagamento-${code}.pdf"; filename*=UTF-8''avviso-pagamento-${code}.pdf`,
    );
    expect(pdf.headers["cache-control"]).toContain("no-store");
    expect(
      Buffer.from(pdf.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const stranger = new PortalBrowser(app, HOSTS.b);
    const other = await stranger.get("/avviso-pagamento/esito/avviso.pdf");
    expect(other.status).toBe(404);
    expect(visible(other.text)).toContain("Avviso di pagamento non più disponibile");
    // Opened later (the notice is gone): the payment page says so, not the generic "Pagina non trovata".
    const gone = await stranger.get("/avviso-pagamento/esito");
    expect(gone.status).toBe(404);
    expect(visible(gone.text)).toContain("Avviso di pagamento non più disponibile");
    expect(visible(gone.text)).toContain("Esito avviso di pagamento");
    expect(visible(gone.text)).not.toContain("Pagina non trovata");
  });

  test("a logged-in citizen's payer data are the identity's, locked and shown as text; their e-mail needs no repeating", async () => {
    const anna = CITIZENS.ANNA;
    await request(sandbox.url).post(`/__sandbox/citizens/${anna}/reset`).expect(200);
    const jar = new PortalBrowser(app, HOSTS.a).withCookie(
      await loginAs(sandbox.url, anna, "servizi.comune.valverde.it"),
    );
    await postStep(jar, ONLINE, { intent: "privacy", privacy: "1" });
    await postStep(jar, ONLINE, { intent: "tipologia", typeCode: "MENSA" });
    const page = await jar.get(`${ONLINE}?passo=dati`);
    // The identity's data are text, not inputs that look editable.
    expect(page.text).toContain(`<dd>${anna}</dd>`);
    expect(page.text).not.toMatch(new RegExp(`<input[^>]*value="${anna}"`));
    const own = /<input[^>]*name="email"[^>]*value="([^"]+)"/.exec(page.text)?.[1];
    expect(own).toMatch(/@example\.it$/);
    // Another address still needs repeating.
    const other = await postStep(jar, ONLINE, { intent: "dati", email: "anna@example.it" });
    expect(other.status).toBe(400);
    expect(visible(other.text)).toContain("Ripeti email: Campo obbligatorio");
    // The profile's own e-mail needs no "Ripeti email"; a forged name is ignored: the identity's is used.
    const res = await postStep(jar, ONLINE, {
      intent: "dati",
      firstName: "Falso",
      lastName: "Nome",
      taxCode: CITIZENS.MARIO,
      email: own!,
    });
    expect(res.status).toBe(303);
    await postStep(jar, ONLINE, { intent: "importo", amount: "5" });
    const summary = visible((await jar.get(`${ONLINE}?passo=riepilogo`)).text);
    expect(summary).toContain(anna);
    expect(summary).not.toContain("Falso");
  });

  test("types failing to load: the message on the type step; a failed payment keeps the step (503)", async () => {
    const jar = new PortalBrowser(app, HOSTS.a);
    await toSummary(jar, ONLINE);
    await request(sandbox.url)
      .post("/__sandbox/faults")
      .send({ "ppay-types": "down", "ppay-spontaneous": "down" });
    try {
      const types = await jar.get(`${ONLINE}?passo=tipologia`);
      expect(types.status).toBe(200);
      expect(visible(types.text)).toContain("Non è stato possibile ottenere le tipologie di pagamento");
      const failed = await postStep(jar, ONLINE, { intent: "paga" });
      expect(failed.status).toBe(503);
      const text = visible(failed.text);
      expect(text).toContain("Non è stato possibile generare il pagamento.");
      expect(text).toContain("€ 12,50");
    } finally {
      await request(sandbox.url)
        .post("/__sandbox/faults")
        .send({ "ppay-types": null, "ppay-spontaneous": null });
    }
  });
});

describe("spontaneous payment (MYPAY gate)", () => {
  test("comune-b has no MYPAY: the service is not available", async () => {
    const res = await new PortalBrowser(app, HOSTS.b).get("/servizi/mypay/pagamento-spontaneo/online");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/servizio-non-disponibile");
  });

  test("comune-a has MYPAY: the home renders", async () => {
    const res = await new PortalBrowser(app, HOSTS.a).get("/servizi/mypay/pagamento-spontaneo");
    expect(res.status).toBe(200);
    expect(visible(res.text)).toContain("Pagamento online tramite pagoPA");
  });
});

/** The checkout stand-in's "Paga" or "Annulla": the pagoPA return address, as a path of the portal. */
async function checkout(paymentUrl: string, choice: "paga" | "annulla") {
  const token = /\/checkout\/([0-9a-f]+)$/.exec(paymentUrl)![1]!;
  const res = await request(sandbox.url).post(`/__sandbox/pagopa/checkout/${token}/${choice}`);
  expect(res.status).toBe(303);
  const back = new URL(res.headers.location as string);
  expect(back.pathname).toBe("/servizi/pagamento-esito");
  return back.pathname + back.search;
}

describe("the anonymous payer's outcome (issue #25)", () => {
  test.each([
    ["comune-a", HOSTS.a, "MENSA"],
    ["comune-b", HOSTS.b, "CIMIT"],
  ])(
    "PPAY on %s: pending while the receipt is awaited, then the receipt; only this browser's IUV",
    async (_name, host, type) => {
      const jar = new PortalBrowser(app, host);
      await toSummary(jar, ONLINE, type, "12,50");
      const sent = await postStep(jar, ONLINE, { intent: "paga" });
      expect(sent.status).toBe(303);
      await request(sandbox.url).post("/__sandbox/faults").send({ "pagopa-rt": "down" });
      let back: string;
      try {
        back = await checkout(sent.headers.location as string, "paga");
        const pending = visible((await jar.get(back)).text);
        expect(pending).toContain("Pagamento eseguito, in attesa della Ricevuta Telematica");
        expect(pending).toContain("Riferimento IUV");
        expect(pending).not.toContain("Esito in attesa di conferma");
        expect((await jar.get("/servizi/pagamento-esito/ricevuta")).status).toBe(404);
      } finally {
        await request(sandbox.url).post("/__sandbox/faults").send({ "pagopa-rt": null });
      }
      const done = await jar.get(back);
      const text = visible(done.text);
      expect(text).toContain("Pagamento eseguito");
      expect(text).toContain("Scarica la ricevuta (PDF)");
      expect(done.text).toContain('href="/servizi/pagamento-esito/ricevuta"');
      const receipt = await jar.get("/servizi/pagamento-esito/ricevuta");
      expect(receipt.status).toBe(200);
      expect(receipt.headers["content-type"]).toBe("application/pdf");
      expect(
        Buffer.from(receipt.body as Buffer)
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");

      // Another browser with the same address learns nothing; this browser with another IUV neither.
      const stranger = new PortalBrowser(app, host);
      const other = visible((await stranger.get(back)).text);
      expect(other).toContain("Esito in attesa di conferma");
      expect(other).not.toContain("Scarica la ricevuta");
      expect((await stranger.get("/servizi/pagamento-esito/ricevuta")).status).toBe(404);
      const forged = visible(
        (await jar.get("/servizi/pagamento-esito?iuv=12345678901234567&codEsito=000")).text,
      );
      expect(forged).toContain("Esito in attesa di conferma");
    },
  );

  test("PPAY without a public read of positions (the published BFF): pagoPA's word and what the payer receives; logged in as the payer, the position and its receipt", async () => {
    // The published BFF routes no `/api-public/ppay/citizens/…`: Jersey's 404.
    const relay = await startRelay(sandbox.url, undefined, (path) =>
      path.startsWith("/api-public/ppay/citizens/"),
    );
    try {
      const published = testApp({ upstreamUrl: relay.url, ssrHandler }).app;
      const jar = new PortalBrowser(published, HOSTS.a);
      await toSummary(jar, ONLINE, "MENSA", "12,50");
      const sent = await postStep(jar, ONLINE, { intent: "paga" });
      expect(sent.status).toBe(303);
      const back = await checkout(sent.headers.location as string, "paga");
      const reported = visible((await jar.get(back)).text);
      expect(reported).toContain("pagoPA ha comunicato che il pagamento è stato eseguito");
      expect(reported).toContain("La ricevuta del pagamento ti viene inviata da pagoPA all'indirizzo e-mail");
      expect(reported).toContain("Accedi all'area personale");
      expect(reported).not.toContain("Scarica la ricevuta");
      const cancelled = visible((await jar.get(back.replace("codEsito=000", "codEsito=100"))).text);
      expect(cancelled).toContain("Operazione annullata");
      const silent = visible((await jar.get(back.replace(/&codEsito=000.*$/, ""))).text);
      expect(silent).toContain("Esito del pagamento da verificare");

      // The payer (Giulia, the tax code paid for) logs in: her own positions, which the published BFF has.
      jar.withCookie(await loginAs(sandbox.app, PAYER.taxCode));
      const own = await jar.get(back);
      expect(visible(own.text)).toContain("Pagamento eseguito");
      const iuv = new URL(back, "http://x").searchParams.get("iuv")!;
      expect(own.text).toContain(`href="/area-personale/pagamenti/${iuv}/ricevuta"`);
      const receipt = await jar.get(`/area-personale/pagamenti/${iuv}/ricevuta`);
      expect(receipt.status).toBe(200);
      expect(receipt.headers["content-type"]).toBe("application/pdf");
    } finally {
      await relay.close();
    }
  });

  test("MYPAY on comune-a: the due paid by an anonymous payer shows as paid, with the receipt it says to keep (issue #40)", async () => {
    const path = "/servizi/mypay/pagamento-spontaneo/online";
    const jar = new PortalBrowser(app, HOSTS.a);
    const steps: Array<Record<string, string>> = [
      { intent: "privacy", privacy: "1" },
      { intent: "tipologia", typeCode: "CANONE_MERCATO", note: "" },
      { intent: "dati", ...PAYER },
      { intent: "importo", amount: "20" },
    ];
    for (const fields of steps) expect((await postStep(jar, path, fields)).status).toBe(303);
    await jar.get(`${path}?passo=riepilogo`);
    const sent = await postStep(jar, path, { intent: "paga" });
    expect(sent.status).toBe(303);
    const back = await checkout(sent.headers.location as string, "paga");
    const done = await jar.get(back);
    const text = visible(done.text);
    expect(text).toContain("Pagamento eseguito");
    expect(text).not.toContain("Esito in attesa di conferma");
    expect(text).toContain("Conserva il riferimento IUV e la ricevuta");
    expect(done.text).toContain('href="/servizi/pagamento-esito/ricevuta"');
    const receipt = await jar.get("/servizi/pagamento-esito/ricevuta");
    expect(receipt.status).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");
    expect((await new PortalBrowser(app, HOSTS.a).get("/servizi/pagamento-esito/ricevuta")).status).toBe(404);
  });
});
