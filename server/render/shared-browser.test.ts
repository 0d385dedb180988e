import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { RequestHandler } from "express";
import request from "supertest";
import { startSandbox, type StartedSandbox } from "#sandbox/start.ts";
import type { SandboxStore } from "#sandbox/types.ts";
import { findOffice } from "#sandbox/appsched/catalog.ts";
import { insertAppointment } from "#sandbox/appsched/appointment-store.ts";
import { addDays, isoDay } from "#sandbox/deleghe/state.ts";
import { seedIuv } from "#sandbox/ppay/positions.ts";
import { crmState } from "#sandbox/crm/store.ts";
import { redisBackend } from "#shared/store-port.server.ts";
import { loadSsrHandler } from "#server/render/load-ssr-handler.ts";
import { startRedis, useMemoryStore, type TestRedis } from "#tests/support/redis-server.ts";
import { CITIZENS, pageText } from "#tests/support/portal-requests.ts";
import { SharedBrowser, type Upload } from "#tests/support/shared-browser.ts";
import { testApp } from "#tests/support/test-app.ts";
import { withoutSummaryVersion } from "#tests/support/portal-browser.ts";

// Issue #36: a flow belongs to the citizen who started it. One browser, two citizens: Mario starts a flow, logs out
// ("Esci"), Giulia logs in on the same cookie jar. Nothing of Mario's is visible or sendable to her, his uploaded files
// are gone from the shared store (a real redis-server, inspected directly), and his flow cookies, should one survive
// (a session that ended without a logout, a copied cookie), are discarded with the restart notice. Against the
// sandbox in gaps mode: it trusts whatever fiscal code or id it is sent, so every refusal is the portal's.

const { MARIO, GIULIA, LUCA, ANNA } = CITIZENS;
const VALVERDE = "servizi.comune.valverde.it";

let sandbox: StartedSandbox;
let store: SandboxStore;
let ssrHandler: RequestHandler;
let redis: TestRedis;
/** Every upstream call (method and path). */
const upstreamCalls: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  sandbox = await startSandbox({
    gaps: true,
    onRequest: (req) => upstreamCalls.push(`${req.method} ${req.path}`),
  });
  store = sandbox.store;
  ssrHandler = await loadSsrHandler();
});
afterAll(async () => {
  await sandbox.close();
  await useMemoryStore();
  await redis.stop();
});

let app: ReturnType<typeof testApp>["app"];
beforeEach(async () => {
  await request(sandbox.url).post("/__sandbox/reset").expect(200);
  app = testApp({ upstreamUrl: sandbox.url, ssrHandler, sandbox: true, env: { REDIS_URL: redis.url } }).app;
  await redisBackend()!.command(["FLUSHALL"]);
  upstreamCalls.length = 0;
});

const browser = () => new SharedBrowser(app, sandbox.url);
/** Keys a store holds in Valkey (`portal:<name>:e:…`): its entries. */
const storeEntries = async (name: string) =>
  (await redisBackend()!.command<string[]>(["KEYS", `portal:${name}:e:*`])).length;
const writesTo = (path: RegExp) =>
  upstreamCalls.filter((c) => /^(POST|PUT|PATCH|DELETE) /.test(c) && path.test(c));

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

/**
 * Mario's flow ends with his logout: the browser keeps none of his flow cookies (they are returned, as a session that
 * ended without a logout, or a copied cookie, would leave them), and Giulia logs in on the same browser.
 */
async function marioLeavesGiuliaComes(b: SharedBrowser): Promise<Map<string, string>> {
  const left = b.flowCookies();
  expect(left.size).toBeGreaterThan(0);
  const end = await b.logout();
  expect(end.status).toBe(200);
  expect(b.loggedIn()).toBe(false);
  expect(b.flowCookies().size).toBe(0);
  expect(b.cookies.has("CITFAC_DELEGANTE")).toBe(false);
  await b.login(GIULIA);
  return left;
}

/** Mario's flow cookies put back into Giulia's browser (the session that ended without a logout). */
function putBack(b: SharedBrowser, cookies: Map<string, string>) {
  for (const [name, value] of cookies) b.cookies.set(name, value);
}

const ONE_OF_MARIOS = "mario.privato@example.it";

describe("booking an appointment", () => {
  const BOOKING = "/servizi/prenotazione-appuntamento";
  const step = (passo: string) => `${BOOKING}?passo=${passo}`;

  test("Mario's booking up to the summary: after his logout Giulia sees none of it and confirms nothing", async () => {
    const b = browser();
    await b.login(MARIO);
    expect((await b.post(step("luogo"), { intent: "luogo", categoria: "1", ufficio: "11" })).status).toBe(
      303,
    );
    let day = "";
    let time = "";
    for (let i = 2; i < 60 && !time; i++) {
      day = addDays(isoDay(new Date()), i);
      const free = await request(sandbox.url)
        .get(`/api-public/appsched/services/11/availabilities?date=${day}`)
        .set("X-Forwarded-Host", VALVERDE);
      time = (free.body as string[])[0] ?? "";
    }
    expect((await b.post(step("data"), { intent: "data", giorno: day, orario: time })).status).toBe(303);
    const details = { intent: "dettagli", motivo: "1", dettagli: "Rinnovo di Mario 4c2" };
    expect((await b.post(step("dettagli"), details)).status).toBe(303);
    expect((await b.post(step("richiedente"), { intent: "richiedente", email: ONE_OF_MARIOS })).status).toBe(
      303,
    );
    expect((await b.get(step("riepilogo"))).text).toContain("Rinnovo di Mario 4c2");

    const marios = await marioLeavesGiuliaComes(b);
    const fresh = await b.get(step("riepilogo"));
    expect([fresh.status, fresh.headers.location]).toEqual([302, step("luogo")]);
    putBack(b, marios);
    const replayed = await b.get(step("riepilogo"));
    expect([replayed.status, replayed.headers.location]).toEqual([
      302,
      `${step("luogo")}&avviso=ricominciato`,
    ]);
    const page = await b.get(replayed.headers.location!);
    expect(pageText(page.text)).toContain("Prenotazione ricominciata");
    expect(page.text).not.toContain("Rinnovo di Mario 4c2");
    putBack(b, marios);
    const before = store.state.appsched.appointments.length;
    const sent = await b.post(step("riepilogo"), { intent: "riepilogo", privacy: "1" });
    expect([sent.status, sent.headers.location]).toEqual([303, `${step("luogo")}&avviso=ricominciato`]);
    expect(store.state.appsched.appointments.length).toBe(before);
    expect(writesTo(/appsched/)).toEqual([]);
  });
});

describe("changing an appointment", () => {
  test("Mario's change in progress: Giulia can neither see nor send it, his appointment stays", async () => {
    const office = findOffice("comune-a", "11")!;
    const appointment = insertAppointment(store.state.appsched, {
      tenantId: "comune-a",
      office,
      day: addDays(isoDay(new Date()), 20),
      time: "10:00",
      notes: "(1) Carta d'identità elettronica - di Mario",
      customer: { firstName: "Mario", lastName: "Rossi", email: ONE_OF_MARIOS, codice_fiscale: MARIO },
      ownerCf: MARIO,
      status: "APPROVATA",
      book: new Date(),
      hash: "hash-mario-edit",
    });
    const edit = `/servizi/appuntamento/modifica/${appointment.id}`;
    const b = browser();
    await b.login(MARIO);
    // The change opens at its first step (the bare address sends there).
    expect((await b.get(`${edit}?passo=data`)).status).toBe(200);
    const changed = await b.post(`${edit}?passo=dettagli`, {
      intent: "dettagli",
      motivo: "1",
      dettagli: "Nuovi dettagli di Mario 9d1",
    });
    expect([changed.status, withoutSummaryVersion(changed.headers.location)]).toEqual([
      303,
      `${edit}?passo=riepilogo`,
    ]);
    const snapshot = JSON.stringify(appointment);

    const marios = await marioLeavesGiuliaComes(b);
    putBack(b, marios);
    const seen = await b.get(`${edit}?passo=riepilogo`);
    expect(seen.status).toBe(404);
    expect(seen.text).not.toContain("Nuovi dettagli di Mario 9d1");
    putBack(b, marios);
    expect((await b.post(`${edit}?passo=riepilogo`, { intent: "riepilogo" })).status).toBe(404);
    putBack(b, marios);
    expect((await b.post(edit, { intent: "annulla" })).status).toBe(404);
    expect(JSON.stringify(appointment)).toBe(snapshot);
    expect(writesTo(/appsched/)).toEqual([]);
  });
});

describe("spontaneous payment", () => {
  const ONLINE = "/servizi/ppay/pagamento-spontaneo/online";

  test("Mario's payment at its summary: Giulia gets the first step, saying it started again, and pays nothing", async () => {
    const b = browser();
    await b.login(MARIO);
    const steps: Record<string, string>[] = [
      { intent: "privacy", privacy: "1" },
      { intent: "tipologia", typeCode: "MENSA", note: "Nota di Mario 5b7" },
      { intent: "dati", email: ONE_OF_MARIOS, emailRepeat: ONE_OF_MARIOS },
      { intent: "importo", amount: "23,45" },
    ];
    for (const fields of steps) expect((await b.post(ONLINE, fields)).status).toBe(303);
    expect((await b.get(`${ONLINE}?passo=riepilogo`)).text).toContain("Nota di Mario 5b7");

    const marios = await marioLeavesGiuliaComes(b);
    putBack(b, marios);
    const replayed = await b.get(`${ONLINE}?passo=riepilogo`);
    expect([replayed.status, replayed.headers.location]).toEqual([
      302,
      `${ONLINE}?passo=privacy&avviso=ricominciato`,
    ]);
    expect(b.flowCookies().size).toBe(0);
    const page = await b.get(replayed.headers.location!);
    expect(pageText(page.text)).toContain("Pagamento ricominciato");
    expect(page.text).not.toContain("Nota di Mario 5b7");
    expect(page.text).not.toContain(ONE_OF_MARIOS);
    putBack(b, marios);
    const pay = await b.post(`${ONLINE}?passo=riepilogo`, { intent: "paga" });
    expect([pay.status, pay.headers.location]).toEqual([303, `${ONLINE}?passo=privacy&avviso=ricominciato`]);
    expect(writesTo(/ppay/)).toEqual([]);
  });
});

describe("paying by IUV", () => {
  test("Mario's position on its summary: Giulia can neither see nor pay it", async () => {
    const iuv = seedIuv("comune-a", MARIO, 4);
    const path = `/area-personale/pagamento-iuv/${iuv}`;
    const b = browser();
    await b.login(MARIO);
    expect((await b.post(path, { intent: "privacy", privacy: "1" })).status).toBe(303);
    expect((await b.get(`${path}?passo=riepilogo`)).text).toContain(iuv);
    await b.logout();
    expect(b.loggedIn()).toBe(false);
    await b.login(GIULIA);
    expect((await b.get(`${path}?passo=riepilogo`)).status).toBe(404);
    expect((await b.post(path, { intent: "paga", privacy: "1" })).status).toBe(404);
    expect(upstreamCalls.filter((c) => c.includes(`/debtpositions/${iuv}/payment`))).toEqual([]);
  });
});

describe("assistance request", () => {
  test("the file Mario attached is deleted at his logout, and Giulia cannot send it", async () => {
    const b = browser();
    await b.login(MARIO);
    await b.get("/nuova-richiesta");
    const fields = {
      intent: "invia",
      email: ONE_OF_MARIOS,
      telefono: "3331234567",
      servizio: "2",
      tipologia: "201",
      dettagli: "Richiesta di Mario 2e8",
    };
    // No privacy accepted: the form comes back with the file kept (by its reference in the store).
    const kept = await b.post("/nuova-richiesta", fields, [
      { field: "allegato", name: "ricevuta-mario.png", bytes: PNG },
    ]);
    expect(kept.status).toBe(400);
    const ref = /name="allegatoRef" value="([\w-]{43})"/.exec(kept.text)?.[1];
    expect(ref).toBeDefined();
    expect(await storeEntries("assistance-pending")).toBe(1);
    // While it is there, it is Mario's only: Giulia (another browser) naming it gets nothing.
    const elsewhere = browser();
    await elsewhere.login(GIULIA);
    const stolen = await elsewhere.post("/nuova-richiesta", {
      ...fields,
      email: "giulia.bianchi@example.it",
      privacy: "1",
      allegatoRef: ref!,
      allegatoNome: "ricevuta-mario.png",
    });
    expect(stolen.status).toBe(400);
    expect(pageText(stolen.text)).toContain("non è più disponibile");

    await b.logout();
    expect(await storeEntries("assistance-pending")).toBe(0);
    await b.login(GIULIA);
    const form = await b.get("/nuova-richiesta");
    expect(form.text).not.toContain("ricevuta-mario.png");
    expect(form.text).not.toContain("Richiesta di Mario 2e8");
    const tickets = crmState(store.state, "comune-a").tickets.length;
    const sent = await b.post("/nuova-richiesta", {
      ...fields,
      email: "giulia.bianchi@example.it",
      privacy: "1",
      allegatoRef: ref!,
      allegatoNome: "ricevuta-mario.png",
    });
    expect(sent.status).toBe(400);
    expect(crmState(store.state, "comune-a").tickets.length).toBe(tickets);
  });
});

describe("disruption report", () => {
  const REPORT = "/servizi/segnalazioni/nuova";
  const step = (passo: string) => `${REPORT}?passo=${passo}`;

  test("Mario's report with his photo: deleted at his logout; Giulia sees neither his text nor his e-mail, sends nothing", async () => {
    const b = browser();
    await b.login(MARIO);
    await b.get(REPORT);
    expect((await b.post(step("autorizzazioni"), { intent: "autorizzazioni", accetto: "on" })).status).toBe(
      303,
    );
    const data = await b.post(
      step("dati"),
      {
        intent: "dati",
        luogo: "Via Roma 12, Valverde",
        luogoScelto: "45.053;7.5215;Via Roma 12, Valverde",
        titolo: "Buca di Mario 8f3",
        dettagli: "Davanti a casa mia",
        categoria: "901",
        email: ONE_OF_MARIOS,
      },
      [{ field: "allegati", name: "foto-mario.png", bytes: PNG }],
    );
    expect(data.status).toBe(303);
    expect((await b.get(step("riepilogo"))).text).toContain("foto-mario.png");
    expect(await storeEntries("report-files")).toBe(1);

    const marios = await marioLeavesGiuliaComes(b);
    expect(await storeEntries("report-files")).toBe(0);
    putBack(b, marios);
    const replayed = await b.get(step("riepilogo"));
    expect([replayed.status, replayed.headers.location]).toEqual([
      302,
      `${step("autorizzazioni")}&avviso=ricominciato`,
    ]);
    const page = await b.get(replayed.headers.location!);
    const text = pageText(page.text);
    expect(text).toContain("Segnalazione ricominciata");
    expect(text).not.toContain("Buca di Mario 8f3");
    expect(text).not.toContain(ONE_OF_MARIOS);
    expect(text).not.toContain("foto-mario.png");
    putBack(b, marios);
    const tickets = crmState(store.state, "comune-a").tickets.length;
    const sent = await b.post(step("riepilogo"), { intent: "invia" });
    expect([sent.status, sent.headers.location]).toEqual([
      303,
      `${step("autorizzazioni")}&avviso=ricominciato`,
    ]);
    expect(crmState(store.state, "comune-a").tickets.length).toBe(tickets);
    expect(writesTo(/disservizio/)).toEqual([]);
  });
});

describe("profile wizard", () => {
  const WIZARD = "/area-personale/profilo-utente/componi";

  test("Luca's wizard waiting for his code: Giulia starts from the first step, told so, without his e-mail", async () => {
    await request(sandbox.url).post(`/__sandbox/citizens/${GIULIA}/reset`).expect(200);
    const b = browser();
    await b.login(LUCA);
    expect((await b.post(`${WIZARD}?passo=informativa`, { intent: "privacy", accept: "on" })).status).toBe(
      303,
    );
    const luca = "luca.privato@example.it";
    const contacts = await b.post(`${WIZARD}?passo=contatti`, {
      intent: "contacts",
      email: luca,
      emailRepeat: luca,
      phone: "",
    });
    expect(contacts.status).toBe(303);
    expect((await b.get(`${WIZARD}?passo=contatti`)).text).toContain(luca);

    const lucas = await marioLeavesGiuliaComes(b);
    putBack(b, lucas);
    const replayed = await b.get(`${WIZARD}?passo=contatti`);
    expect([replayed.status, replayed.headers.location]).toEqual([
      302,
      `${WIZARD}?passo=informativa&avviso=ricominciato`,
    ]);
    const page = await b.get(replayed.headers.location!);
    expect(pageText(page.text)).toContain("Compilazione ricominciata");
    expect(page.text).not.toContain(luca);
  });
});

describe("delegations", () => {
  const ONLINE = "/area-personale/deleghe/nuova/online";
  const REQUEST = "/area-personale/deleghe/nuova/richiesta";
  const inDays = (days: number) => addDays(isoDay(new Date()), days);
  const deleghe = () => store.state.deleghe.byTenant["comune-a"]!;

  test("Mario's online delegation at its summary: Giulia starts again, told so, and creates nothing", async () => {
    const b = browser();
    await b.login(MARIO);
    await b.get(`${ONLINE}?passo=delegato`);
    const person = { codiceFiscale: LUCA, nome: "Luca", cognome: "Verdi" };
    expect((await b.post(`${ONLINE}?passo=delegato`, person)).status).toBe(303);
    const services = { servizi: ["104"], scadenza: inDays(30), accetto: "on" };
    expect((await b.post(`${ONLINE}?passo=servizi`, services)).status).toBe(303);
    expect(pageText((await b.get(`${ONLINE}?passo=riepilogo`)).text)).toContain("Luca Verdi");
    const count = deleghe().length;

    const marios = await marioLeavesGiuliaComes(b);
    putBack(b, marios);
    const replayed = await b.get(`${ONLINE}?passo=riepilogo`);
    // The notice's address is built whole (it once had two "?": `?passo=delegato?scaduta=1`).
    expect([replayed.status, replayed.headers.location]).toEqual([
      302,
      `${ONLINE}?passo=delegato&avviso=ricominciato`,
    ]);
    const page = await b.get(replayed.headers.location!);
    expect(pageText(page.text)).toContain("La compilazione è scaduta: ricomincia dall'inizio.");
    expect(page.text).not.toContain(LUCA);
    putBack(b, marios);
    const sent = await b.post(`${ONLINE}?passo=riepilogo`, {});
    expect([sent.status, sent.headers.location]).toEqual([
      303,
      `${ONLINE}?passo=delegato&avviso=ricominciato`,
    ]);
    expect(deleghe().length).toBe(count);
  });

  test("Luca's request with his identity documents: deleted at his logout; Giulia can neither see nor send them", async () => {
    const b = browser();
    await b.login(LUCA);
    await b.get(`${REQUEST}?passo=delegante`);
    const person = { codiceFiscale: ANNA, nome: "Anna", cognome: "Esposito" };
    expect((await b.post(`${REQUEST}?passo=delegante`, person)).status).toBe(303);
    const services = { servizi: ["109"], scadenza: inDays(30), accetto: "on" };
    expect((await b.post(`${REQUEST}?passo=servizi`, services)).status).toBe(303);
    const documents: Upload[] = [
      { field: "documento-CI_FRONTE", name: "ci-luca-fronte.png", bytes: PNG },
      { field: "documento-CI_RETRO", name: "ci-luca-retro.png", bytes: PNG },
      { field: "documento-MODULO_DELEGA", name: "modulo-luca.pdf", bytes: PDF },
    ];
    expect(
      withoutSummaryVersion((await b.post(`${REQUEST}?passo=documenti`, {}, documents)).headers.location),
    ).toBe(`${REQUEST}?passo=riepilogo`);
    expect(pageText((await b.get(`${REQUEST}?passo=riepilogo`)).text)).toContain("ci-luca-fronte.png");
    expect(await storeEntries("deleghe-documents")).toBe(1);
    const count = deleghe().length;

    const lucas = await marioLeavesGiuliaComes(b);
    expect(await storeEntries("deleghe-documents")).toBe(0);
    putBack(b, lucas);
    const replayed = await b.get(`${REQUEST}?passo=riepilogo`);
    expect([replayed.status, replayed.headers.location]).toEqual([
      302,
      `${REQUEST}?passo=delegante&avviso=ricominciato`,
    ]);
    const page = await b.get(replayed.headers.location!);
    expect(page.text).not.toContain("ci-luca-fronte.png");
    expect(page.text).not.toContain(ANNA);
    putBack(b, lucas);
    await b.post(`${REQUEST}?passo=riepilogo`, {});
    expect(deleghe().length).toBe(count);
    expect(writesTo(/richiesta-delega/)).toEqual([]);
  });
});

describe("acting for a delegator", () => {
  test("Mario acting for Anna: his logout ends it; Giulia with his choice acts for nobody and pays nothing of Anna's", async () => {
    const b = browser();
    await b.login(MARIO);
    const chosen = await b.post("/area-personale/per-conto-di", {
      intent: "scegli",
      idServizio: "104",
      uuidDelega: "dlg-a-0001",
      redirectTo: "/servizi/pagamenti/104",
    });
    expect(chosen.status).toBe(303);
    const acting = b.cookies.get("CITFAC_DELEGANTE");
    expect(acting).toBeDefined();
    expect(pageText((await b.get("/servizi/pagamenti/104")).text)).toContain("per conto di Anna Esposito");

    await b.logout();
    expect(b.cookies.has("CITFAC_DELEGANTE")).toBe(false);
    await b.login(GIULIA);
    b.cookies.set("CITFAC_DELEGANTE", acting!);
    // From here on, nothing of Anna's is asked for (Mario's own requests above asked for her positions, rightly).
    upstreamCalls.length = 0;
    const page = await b.get("/servizi/pagamenti/104");
    expect(pageText(page.text)).not.toContain("per conto di Anna Esposito");
    const annasDue = seedIuv("comune-a", ANNA, 6);
    expect(
      (await b.post(`/area-personale/pagamento-iuv/${annasDue}`, { intent: "paga", privacy: "1" })).status,
    ).toBe(404);
    expect(upstreamCalls.filter((c) => c.includes(ANNA))).toEqual([]);
  });
});

describe("push notifications", () => {
  const pushTokens = (cf: string) => Object.values(store.state.notify.users[cf]?.contacts?.push ?? {}).flat();

  test("Mario's browser token leaves his contacts at his logout; Giulia's browser is asked again", async () => {
    const b = browser();
    await b.login(MARIO);
    const res = await b.postFromScript("/notifiche-push/token", { token: "browser-token:mario" });
    expect(res.status).toBe(200);
    expect(pushTokens(MARIO)).toContain("browser-token:mario");
    expect(b.cookies.has("flow_push-token")).toBe(true);

    await b.logout();
    expect(pushTokens(MARIO)).not.toContain("browser-token:mario");
    expect(b.cookies.has("flow_push-token")).toBe(false);
    await b.login(GIULIA);
    const again = await b.postFromScript("/notifiche-push/token", { token: "browser-token:mario" });
    expect(again.status).toBe(200);
    expect(pushTokens(GIULIA)).toContain("browser-token:mario");
    expect(pushTokens(MARIO)).not.toContain("browser-token:mario");
  });

  test("Mario's session ends without 'Esci': Giulia's first page has the browser drop his subscription, not an anonymous one", async () => {
    const b = browser();
    await b.login(MARIO);
    expect((await b.postFromScript("/notifiche-push/token", { token: "browser-token:left" })).status).toBe(
      200,
    );
    // His session expires (or the browser was closed): logout never ran, his token stays in his contacts.
    b.cookies.delete("SANDBOX_SSO");
    // An anonymous visitor may be Mario himself: nothing is dropped.
    const anonymous = await b.get("/");
    expect(anonymous.status).toBe(200);
    expect(b.cookies.has("flow_push-token")).toBe(true);
    // Another citizen: the page tells the browser to drop the subscription (its token dies at the messaging
    // service), and forgets the registration, so that her own opt-in makes a new token.
    await b.login(GIULIA);
    const first = await b.get("/");
    expect(first.status).toBe(200);
    expect(first.headers["set-cookie"]).toContainEqual(
      expect.stringMatching(/^flow_push-token=; Max-Age=0;/),
    );
    expect(b.cookies.has("flow_push-token")).toBe(false);
    const next = await b.get("/");
    expect(next.headers["set-cookie"] ?? []).not.toContainEqual(expect.stringMatching(/^flow_push-token=/));
    expect(pushTokens(GIULIA)).not.toContain("browser-token:left");
  });

  test("a renewed token replaces the browser's previous one; a service at the upstream's 20 takes it, dropping the oldest", async () => {
    const b = browser();
    await b.login(MARIO);
    store.state.notify.users[MARIO]!.contacts!.push = {
      valverde_anagrafe: Array.from({ length: 20 }, (_, i) => `other-device-${i}`),
    };
    expect((await b.postFromScript("/notifiche-push/token", { token: "browser-token:v1" })).status).toBe(200);
    expect((await b.postFromScript("/notifiche-push/token", { token: "browser-token:v2" })).status).toBe(200);
    const anagrafe = store.state.notify.users[MARIO]!.contacts!.push!.valverde_anagrafe!;
    expect(anagrafe).toHaveLength(20);
    expect(anagrafe).toContain("browser-token:v2");
    expect(anagrafe).not.toContain("browser-token:v1");
    expect(pushTokens(MARIO)).not.toContain("browser-token:v1");
  });
});

describe("the upstream's logout, relayed by the proxy", () => {
  test("clears alike: the browser is sent through the portal's logout first", async () => {
    const b = browser();
    await b.login(MARIO);
    await b.get("/servizi/segnalazioni/nuova");
    await b.post("/servizi/segnalazioni/nuova?passo=autorizzazioni", {
      intent: "autorizzazioni",
      accetto: "on",
    });
    expect(b.flowCookies().size).toBe(1);
    const first = await b.get("/api/utenti/logout");
    expect([first.status, first.headers.location]).toEqual([302, "/logout"]);
    await b.logout("/logout");
    expect(b.flowCookies().size).toBe(0);
    expect(b.loggedIn()).toBe(false);
  });
});
