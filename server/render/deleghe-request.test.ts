import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { RequestHandler } from "express";
import request from "supertest";
import { addDaysToDay, todayInRome } from "#shared/dates.ts";
import { startSandbox, type StartedSandbox } from "#sandbox/start.ts";
import type { SandboxStore } from "#sandbox/types.ts";
import { loadSsrHandler } from "#server/render/load-ssr-handler.ts";
import { PortalBrowser, type Upload, withoutSummaryVersion } from "#tests/support/portal-browser.ts";
import { CITIZENS, HOSTS, pageText, signIn } from "#tests/support/portal-requests.ts";
import { testApp } from "#tests/support/test-app.ts";

// The delegation REQUEST with its three documents (issue #28) through the portal, against a sandbox in gaps mode
// (the upstream answers a request's cancellation and attachments by id to any citizen of the municipality: only the
// portal's own binding keeps another citizen out).

const { MARIO, GIULIA, LUCA } = CITIZENS;
const NEW = "/area-personale/deleghe/nuova/richiesta";
const step = (passo: string) => `${NEW}?passo=${passo}`;

let store: SandboxStore;
let sandbox: StartedSandbox;
let sandboxUrl: string;
let ssrHandler: RequestHandler;
const upstreamCalls: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    gaps: true,
    onRequest: (req) => upstreamCalls.push(`${req.method} ${req.path}`),
  });
  store = sandbox.store;
  sandboxUrl = sandbox.url;
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await request(sandboxUrl).post("/__sandbox/reset").expect(200);
  upstreamCalls.length = 0;
});

const portal = () => testApp({ upstreamUrl: sandboxUrl, ssrHandler, sandbox: true }).app;
const requestsOf = (tenant: string) =>
  (store.state.deleghe.byTenant[tenant] ?? []).filter((d) => d.richiesta);
/** A day `days` from today in Rome (the portal's limits are Rome days). */
const inDays = (days: number) => addDaysToDay(todayInRome(), days);

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("fake-but-jpeg-magic")]);
/** A citizen's browser: its session, the flow's sealed cookies as the portal sets them, one municipality. */
const browser = (login: string, host: string = HOSTS.a) =>
  new PortalBrowser(portal(), host).withMultipartForms().withCookie(login);

/** Luca (or `who`) through the delegator's and the services' steps, for Giulia. */
async function throughServices(who = LUCA, host: string = HOSTS.a, services = ["109"]) {
  const citizen = browser(await signIn(sandboxUrl, who, host === HOSTS.a ? "a" : "b"), host);
  expect((await citizen.get(step("delegante"))).status).toBe(200);
  const person = await citizen.post(step("delegante"), {
    codiceFiscale: GIULIA,
    nome: "Giulia",
    cognome: "Bianchi",
  });
  expect([person.status, person.headers.location]).toEqual([303, step("servizi")]);
  const chosen = await citizen.post(step("servizi"), {
    servizi: services,
    scadenza: inDays(30),
    accetto: "on",
  });
  expect([chosen.status, chosen.headers.location]).toEqual([303, step("documenti")]);
  return citizen;
}

const documents = (modulo: Upload["bytes"], moduloName = "modulo.pdf"): Upload[] => [
  { field: "documento-CI_FRONTE", name: "fronte.png", bytes: PNG },
  { field: "documento-CI_RETRO", name: "retro.jpg", bytes: JPEG },
  { field: "documento-MODULO_DELEGA", name: moduloName, bytes: modulo },
];

describe("the request with three documents", () => {
  test("the delegator is checked and not oneself; the end date within the municipality's delegheMaxDays", async () => {
    const luca = browser(await signIn(sandboxUrl, LUCA));
    await luca.get(step("delegante"));
    const self = await luca.post(step("delegante"), { codiceFiscale: LUCA, nome: "Luca", cognome: "Verdi" });
    expect(self.status).toBe(400);
    expect(pageText(self.text)).toContain("Non puoi chiedere una delega a te stesso");
    // An omocodia variant of one's own code (VRDLCU90E10F2LRB) is another person's, whom one may ask.
    const variant = await luca.post(step("delegante"), {
      codiceFiscale: "VRDLCU90E10F2LRB",
      nome: "Luca",
      cognome: "Verdi",
    });
    expect([variant.status, variant.headers.location]).toEqual([303, step("servizi")]);
    expect(self.text).toContain('value="Luca"'); // what was typed stays
    const bad = await luca.post(step("delegante"), {
      codiceFiscale: "RSSMRA80A01H501X",
      nome: "G",
      cognome: "B",
    });
    expect(bad.status).toBe(400);
    // Montealto allows 90 days, Valverde 365.
    const montealto = browser(await signIn(sandboxUrl, LUCA, "b"), HOSTS.b);
    await montealto.get(step("delegante"));
    await montealto.post(step("delegante"), { codiceFiscale: GIULIA, nome: "Giulia", cognome: "Bianchi" });
    const tooLate = await montealto.post(step("servizi"), {
      servizi: ["203"],
      scadenza: inDays(120),
      accetto: "on",
    });
    expect(tooLate.status).toBe(400);
    // The last day as the hint writes it, not ISO (issue #40).
    const last = inDays(90).split("-").reverse().join("/");
    expect(pageText(tooLate.text)).toContain(`Indica una data tra domani e il ${last}`);
    expect(pageText(tooLate.text)).toContain(`Al più tardi il ${last}`);
  });

  test("a fake PDF is refused by its bytes in Italian, the other documents are kept; a file over 2 MB too", async () => {
    const luca = await throughServices();
    const fake = await luca.post(step("documenti"), {}, documents(Buffer.from("not a pdf at all")));
    expect(fake.status).toBe(400);
    const text = pageText(fake.text);
    expect(text).toContain("Il file modulo.pdf non è del tipo dichiarato dalla sua estensione (.pdf)");
    expect(text).toContain("fronte.png"); // the good ones are held and listed
    expect(text).toContain("retro.jpg");
    expect(upstreamCalls.filter((c) => c.startsWith("POST /api/richiesta-delega"))).toEqual([]);
    // Back on the page (a reload): still held, only the form to fill is the signed form's.
    const again = pageText((await luca.get(step("documenti"))).text);
    expect(again).toContain("fronte.png");
    expect(again).toContain("retro.jpg");
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await luca.post(step("documenti"), {}, [
      { field: "documento-MODULO_DELEGA", name: "grande.pdf", bytes: big },
    ]);
    expect(tooBig.status).toBe(400);
    expect(pageText(tooBig.text)).toContain("Il file grande.pdf supera la dimensione massima di 2 MB");
    expect(pageText(tooBig.text)).toContain("fronte.png");
    const missing = await luca.post(step("documenti"), {});
    expect(missing.status).toBe(400);
    expect(pageText(missing.text)).toContain("Carica il documento: Modulo di delega firmato");
    const ok = await luca.post(step("documenti"), {}, [
      { field: "documento-MODULO_DELEGA", name: "modulo.pdf", bytes: PDF },
    ]);
    expect([ok.status, withoutSummaryVersion(ok.headers.location)]).toEqual([303, step("riepilogo")]);
  });

  test("summary, send, success; the request waits for the operator with its documents byte-identical", async () => {
    const luca = await throughServices();
    expect(
      withoutSummaryVersion((await luca.post(step("documenti"), {}, documents(PDF))).headers.location),
    ).toBe(step("riepilogo"));
    const summary = pageText((await luca.get(step("riepilogo"))).text);
    expect(summary).toContain(`Giulia Bianchi (${GIULIA})`);
    expect(summary).toContain("Contrassegno di parcheggio per disabili");
    expect(summary).toContain("Modulo di delega firmato: modulo.pdf");
    expect(summary).toContain("Modifica");
    const sent = await luca.post(step("riepilogo"), {});
    expect([sent.status, sent.headers.location]).toEqual([302, `${NEW}/successo`]);
    expect(pageText((await luca.get(`${NEW}/successo`)).text)).toContain(
      "La richiesta di delega per Giulia Bianchi attende la verifica dell'operatore del Comune",
    );
    const created = requestsOf("comune-a").find(
      (d) => d.stato === "ATTESA_OPERATORE" && d.uuidDelega !== "dlg-a-0005",
    )!;
    expect(created).toMatchObject({
      delegante: { codiceFiscale: GIULIA },
      delegato: { codiceFiscale: LUCA },
      servizi: [109],
    });
    const list = pageText((await luca.get("/area-personale/deleghe/richieste")).text);
    expect(list).toContain("In attesa dell'operatore");
    for (const [slot, bytes, type] of [
      ["CI_FRONTE", PNG, "image/png"],
      ["CI_RETRO", JPEG, "image/jpeg"],
      ["MODULO_DELEGA", PDF, "application/pdf"],
    ] as const) {
      const file = await luca.get(`/area-personale/deleghe/richieste/${created.uuidDelega}/allegati/${slot}`);
      expect(file.status, slot).toBe(200);
      expect(file.headers["content-type"]).toBe(type);
      expect(Buffer.compare(file.body as Buffer, bytes), slot).toBe(0);
    }
    // The operator refuses it with a reason: the list says so.
    await request(sandboxUrl)
      .post(`/__sandbox/deleghe/richieste/${created.uuidDelega}/esito`)
      .send({ comune: "comune-a", esito: "RIFIUTATA", motivo: "La carta d'identità è scaduta." })
      .expect(200);
    const refused = pageText((await luca.get("/area-personale/deleghe/richieste?stato=RIFIUTATA")).text);
    expect(refused).toContain("La carta d'identità è scaduta.");
  });

  test("another citizen cannot cancel the request nor download its documents: 404, no upstream call", async () => {
    const luca = await throughServices();
    await luca.post(step("documenti"), {}, documents(PDF));
    // As a browser: the summary shows (it gives the final submit its attempt key), then "Invia la richiesta".
    await luca.get(step("riepilogo"));
    await luca.post(step("riepilogo"), {});
    const id = requestsOf("comune-a").find(
      (d) =>
        d.delegato.codiceFiscale === LUCA && d.uuidDelega !== "dlg-a-0005" && d.stato === "ATTESA_OPERATORE",
    )!.uuidDelega;
    const mario = browser(await signIn(sandboxUrl, MARIO));
    upstreamCalls.length = 0;
    const cancel = await mario.post("/area-personale/deleghe/richieste", { id, azione: "ANNULLA" });
    expect(cancel.status).toBe(404);
    for (const slot of ["CI_FRONTE", "CI_RETRO", "MODULO_DELEGA"]) {
      const file = await mario.get(`/area-personale/deleghe/richieste/${id}/allegati/${slot}`);
      expect(file.status, slot).toBe(404);
      expect(file.headers["content-type"]).not.toMatch(/pdf|png|jpeg/);
    }
    expect(upstreamCalls.filter((c) => c.startsWith("PUT ") || c.includes("/allegati/"))).toEqual([]);
    expect(requestsOf("comune-a").find((d) => d.uuidDelega === id)?.stato).toBe("ATTESA_OPERATORE");
    // Luca himself cancels it.
    const own = await luca.post("/area-personale/deleghe/richieste", { id, azione: "ANNULLA" });
    expect(own.status).toBe(302);
    expect(requestsOf("comune-a").find((d) => d.uuidDelega === id)?.stato).toBe("RITIRATA");
  });
});
