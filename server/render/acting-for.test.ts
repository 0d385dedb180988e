import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { RequestHandler } from "express";
import request from "supertest";
import { startSandbox, type StartedSandbox } from "#sandbox/start.ts";
import type { SandboxStore } from "#sandbox/types.ts";
import { addDays, isoDay } from "#sandbox/deleghe/state.ts";
import { seedIuv } from "#sandbox/ppay/positions.ts";
import { findOffice } from "#sandbox/appsched/catalog.ts";
import { insertAppointment } from "#sandbox/appsched/appointment-store.ts";
import { loadSsrHandler } from "#server/render/load-ssr-handler.ts";
import { PortalBrowser } from "#tests/support/portal-browser.ts";
import { CITIZENS, getPage, postForm } from "#tests/support/portal-requests.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";

// Acting for a delegator (DELEGHE, issue #28) through the portal, against a sandbox in GAPS mode: there the upstream
// trusts whatever delegation a call names (and lists delegations of every status), so every refusal below is the
// PORTAL's: it only acts under a delegation `deleganti-by-service` lists right now, live and approved, for that
// service, and re-checks it on every request before any call for the delegator.

const { MARIO, LUCA, ANNA, GIULIA } = CITIZENS;
const ANNA_TO_MARIO = "dlg-a-0001"; // approved, live, services 104 (TARI, PPAY) and 102
const MARIO_TO_LUCA = "dlg-a-0003"; // withdrawn, service 104
const HOST = "comune-a.localhost";
const TARI = "104";
const CDS = "107"; // PPAY, not delegable
const ANNA_TARI_PAID = seedIuv("comune-a", ANNA, 1);
const ANNA_TARI_DUE = seedIuv("comune-a", ANNA, 6);
const ANNA_IMU_DUE = seedIuv("comune-a", ANNA, 4);
const BANNER = `Stai utilizzando il servizio per conto di Anna Esposito (${ANNA})`;

let store: SandboxStore;
let sandbox: StartedSandbox;
let sandboxUrl: string;
let ssrHandler: RequestHandler;
/** Every upstream call: method and path with its query (a call for a delegator names their fiscal code there). */
const upstreamCalls: string[] = [];
let built: ReturnType<typeof testApp>;

beforeAll(async () => {
  sandbox = await startSandbox({
    gaps: true,
    onRequest: (req) => upstreamCalls.push(`${req.method} ${req.originalUrl}`),
  });
  store = sandbox.store;
  sandboxUrl = sandbox.url;
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await request(sandboxUrl).post("/__sandbox/reset").expect(200);
  upstreamCalls.length = 0;
  built = testApp({ upstreamUrl: sandboxUrl, ssrHandler, sandbox: true });
});

const get = (path: string, cookie: string) => getPage(built.app, path, cookie, HOST);
const choose = (cookie: string, idServizio: string, uuidDelega: string) =>
  postForm(
    built.app,
    "/area-personale/per-conto-di",
    { intent: "scegli", idServizio, uuidDelega, redirectTo: `/servizi/pagamenti/${idServizio}` },
    cookie,
  );
/** The acting-for cookie a response sets (`name=value`), or null. */
function actingCookie(res: request.Response): string | null {
  const all = (res.headers["set-cookie"] as unknown as string[] | undefined) ?? [];
  const hit = all.find((c) => c.startsWith("CITFAC_DELEGANTE="));
  return hit ? hit.split(";")[0]! : null;
}
/** Calls made for Anna (her fiscal code in a path or a query: the only way a call names a delegator). */
const callsForAnna = () => upstreamCalls.filter((c) => c.includes(ANNA));
/** Whether some upstream call starts with `prefix` (method and path). */
const called = (prefix: string) => upstreamCalls.some((c) => c.startsWith(prefix));
const delegation = (id: string) =>
  store.state.deleghe.byTenant["comune-a"]!.find((d) => d.uuidDelega === id)!;

/** Mario logged in and acting for Anna on PPAY (the choice made through the portal). */
async function marioActingForAnna() {
  const login = await loginAs(sandboxUrl, MARIO);
  const res = await choose(login, TARI, ANNA_TO_MARIO).expect(303);
  expect(res.headers.location).toBe(`/servizi/pagamenti/${TARI}`);
  const acting = actingCookie(res);
  expect(acting).not.toBeNull();
  upstreamCalls.length = 0;
  return `${login}; ${acting}`;
}

describe("choosing a delegator", () => {
  test("the TARI page offers Mario the delegators the upstream lists, and nobody acts for anyone yet", async () => {
    const login = await loginAs(sandboxUrl, MARIO);
    const res = await get(`/servizi/pagamenti/${TARI}`, login).expect(200);
    expect(res.text).toContain("Usa il servizio per conto di un delegante");
    expect(res.text).toContain(`Anna Esposito (${ANNA}), delega valida fino al`);
    expect(res.text).not.toContain(BANNER);
    expect(callsForAnna()).toEqual([]);
  });

  test("Mario acting for Anna sees the banner and Anna's TARI positions, asked with the delegation", async () => {
    const cookie = await marioActingForAnna();
    const res = await get(`/servizi/pagamenti/${TARI}`, cookie).expect(200);
    expect(res.text).toContain(BANNER);
    expect(res.text).toContain("Cancella delegato");
    expect(res.text).toContain(ANNA_TARI_DUE);
    // Whose payments they are, in correct Italian (issue #40: not "I tuoi pagamenti", not "intestate a Anna").
    expect(res.text).toContain("Pagamenti di Anna Esposito");
    expect(res.text).toContain("Le posizioni di Anna Esposito per questo servizio");
    expect(res.text).not.toContain("I tuoi pagamenti");
    expect(res.text).not.toContain(seedIuv("comune-a", MARIO, 4));
    expect(called(`GET /api/ppay/citizens/${ANNA}/debtpositions?`)).toBe(true);
    // The banner is on every page, e.g. the home page.
    expect((await get("/", cookie).expect(200)).text).toContain(BANNER);
  });

  test("the logs name the delegation, never the delegator's fiscal code", async () => {
    const cookie = await marioActingForAnna();
    await get(`/servizi/pagamenti/${TARI}`, cookie).expect(200);
    const logged = built.logs.lines.join("\n");
    expect(logged).toContain(ANNA_TO_MARIO);
    expect(logged).not.toContain(ANNA);
  });

  test("Anna's receipt downloads; her position of a type the delegation does not cover is missing", async () => {
    const cookie = await marioActingForAnna();
    const receipt = await get(`/area-personale/pagamenti/${ANNA_TARI_PAID}/ricevuta`, cookie).expect(200);
    expect(receipt.headers["content-type"]).toContain("application/pdf");
    await get(`/area-personale/pagamenti/${ANNA_IMU_DUE}/ricevuta`, cookie).expect(404);
    await get(`/area-personale/pagamento-iuv/${ANNA_IMU_DUE}`, cookie).expect(404);
  });

  test("Mario's own positions, which his Attività still lists under the banner, open in his name", async () => {
    const cookie = await marioActingForAnna();
    const own = seedIuv("comune-a", MARIO, 4);
    const summary = await get(`/area-personale/pagamento-iuv/${own}?passo=riepilogo`, cookie).expect(200);
    expect(summary.text).toContain(MARIO); // the payer: Mario (the banner still names Anna)
    const notice = await get(`/area-personale/pagamenti/${own}/avviso`, cookie).expect(200);
    expect(notice.headers["content-type"]).toContain("application/pdf");
    await get(`/area-personale/pagamenti/${seedIuv("comune-a", MARIO, 1)}/ricevuta`, cookie).expect(200);
    // Somebody else's position is still nobody's here.
    await get(`/area-personale/pagamento-iuv/${seedIuv("comune-a", GIULIA, 1)}`, cookie).expect(404);
  });

  test("paying Anna's TARI opens the pagoPA checkout for her position", async () => {
    const cookie = await marioActingForAnna();
    const path = `/area-personale/pagamento-iuv/${ANNA_TARI_DUE}`;
    const summary = await get(`${path}?passo=riepilogo`, cookie).expect(200);
    expect(summary.text).toContain(ANNA);
    const res = await postForm(built.app, path, { intent: "paga", privacy: "1" }, cookie).expect(303);
    expect(res.headers.location).toMatch(/\/checkout\//);
    expect(upstreamCalls).toContain(`GET /api/ppay/debtpositions/${ANNA_TARI_DUE}/payment`);
  });

  test("'Cancella delegato' clears the mode: back to Mario's own positions", async () => {
    const cookie = await marioActingForAnna();
    const res = await postForm(
      built.app,
      "/area-personale/per-conto-di",
      { intent: "cancella", codiceFiscale: ANNA, redirectTo: `/servizi/pagamenti/${TARI}` },
      cookie,
    ).expect(303);
    expect(actingCookie(res)).toMatch(/^CITFAC_DELEGANTE=$/);
    const page = await get(`/servizi/pagamenti/${TARI}`, `${cookie.split(";")[0]}`).expect(200);
    expect(page.text).not.toContain(BANNER);
  });
});

describe("a delegation from a request with documents", () => {
  test("waiting for the operator it cannot be chosen; once the operator approves, Luca acts for Giulia", async () => {
    const login = await loginAs(sandboxUrl, LUCA);
    const png =
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    const created = await request(sandboxUrl)
      .post("/api/richiesta-delega")
      .set("X-Forwarded-Host", "servizi.comune.valverde.it")
      .set("Cookie", login)
      .send({
        delegante: { codiceFiscale: GIULIA, nome: "Giulia", cognome: "Bianchi" },
        servizi: [Number(TARI)],
        dataScadenza: addDays(isoDay(new Date()), 30),
        allegati: [
          { slot: "CI_FRONTE", nomeFile: "f.png", tipo: "image/png", dati: png },
          { slot: "CI_RETRO", nomeFile: "r.png", tipo: "image/png", dati: png },
          {
            slot: "MODULO_DELEGA",
            nomeFile: "m.pdf",
            tipo: "application/pdf",
            dati: Buffer.from("%PDF-1.4\n%%EOF\n").toString("base64"),
          },
        ],
      })
      .expect(201);
    const id = (created.body as { uuidDelega: string }).uuidDelega;
    const offer = `Giulia Bianchi (${GIULIA}), delega valida fino al`;
    // Waiting for the operator (listed by the gaps-mode upstream): neither offered nor accepted.
    expect((await get(`/servizi/pagamenti/${TARI}`, login).expect(200)).text).not.toContain(offer);
    expect(actingCookie(await choose(login, TARI, id).expect(403))).toBeNull();
    await request(sandboxUrl)
      .post(`/__sandbox/deleghe/richieste/${id}/esito`)
      .send({ comune: "comune-a", esito: "APPROVATA" })
      .expect(200);
    expect((await get(`/servizi/pagamenti/${TARI}`, login).expect(200)).text).toContain(offer);
    const chosen = await choose(login, TARI, id).expect(303);
    const acting = actingCookie(chosen);
    expect(acting).not.toBeNull();
    upstreamCalls.length = 0;
    const page = await get(`/servizi/pagamenti/${TARI}`, `${login}; ${acting}`).expect(200);
    expect(page.text).toContain(`Stai utilizzando il servizio per conto di Giulia Bianchi (${GIULIA})`);
    expect(called(`GET /api/ppay/citizens/${GIULIA}/debtpositions?`)).toBe(true);
  });
});

describe("refused by the portal (the gaps-mode upstream would answer)", () => {
  test("another citizen's delegation id: Luca cannot choose Anna's delegation to Mario", async () => {
    const login = await loginAs(sandboxUrl, LUCA);
    const res = await choose(login, TARI, ANNA_TO_MARIO).expect(403);
    expect(actingCookie(res)).toBeNull();
    expect(callsForAnna()).toEqual([]);
  });

  test("a withdrawn delegation (listed by the gaps-mode upstream) cannot be chosen", async () => {
    const login = await loginAs(sandboxUrl, LUCA);
    const listed = await request(sandboxUrl)
      .get(`/api/deleghe/deleganti-by-service/${TARI}`)
      .set("X-Forwarded-Host", "servizi.comune.valverde.it")
      .set("Cookie", login)
      .expect(200);
    expect(JSON.stringify(listed.body)).toContain(MARIO_TO_LUCA);
    const res = await choose(login, TARI, MARIO_TO_LUCA).expect(403);
    expect(actingCookie(res)).toBeNull();
    expect((await get(`/servizi/pagamenti/${TARI}`, login).expect(200)).text).not.toContain(
      "Usa il servizio per conto",
    );
  });

  test("a service that is not delegable cannot be chosen", async () => {
    const login = await loginAs(sandboxUrl, MARIO);
    const res = await choose(login, CDS, ANNA_TO_MARIO).expect(403);
    expect(actingCookie(res)).toBeNull();
    expect(callsForAnna()).toEqual([]);
  });

  test("appointments: a delegation without an appointment service cannot be chosen for them", async () => {
    const login = await loginAs(sandboxUrl, MARIO);
    const booking = await get("/servizi/prenotazione-appuntamento", login).expect(200);
    expect(booking.text).not.toContain("Usa il servizio per conto di un delegante");
    const res = await choose(login, "101", ANNA_TO_MARIO).expect(403);
    expect(actingCookie(res)).toBeNull();
    expect(upstreamCalls.filter((c) => c.includes("/appsched/") && c.includes(ANNA))).toEqual([]);
  });

  test("acting on a PPAY service the delegation does not cover is refused", async () => {
    const cookie = await marioActingForAnna();
    const res = await get(`/servizi/pagamenti/${CDS}`, cookie).expect(403);
    expect(res.text).toContain("Servizio non compreso nella delega");
    expect(upstreamCalls.filter((c) => c.includes("/api/ppay/citizens/"))).toEqual([]);
  });

  test("a forged delegator cookie is no acting-for: cleared, Mario's own data, no call for Anna", async () => {
    const login = await loginAs(sandboxUrl, MARIO);
    const res = await get(`/servizi/pagamenti/${TARI}`, `${login}; CITFAC_DELEGANTE=forged-value`).expect(
      200,
    );
    expect(res.text).not.toContain(BANNER);
    expect(actingCookie(res)).toMatch(/^CITFAC_DELEGANTE=$/);
    expect(res.text).toContain(seedIuv("comune-a", MARIO, 4));
    expect(callsForAnna()).toEqual([]);
  });

  test("Mario's sealed cookie does not make Luca act for Anna", async () => {
    const cookie = await marioActingForAnna();
    const luca = await loginAs(sandboxUrl, LUCA);
    const res = await get(`/servizi/pagamenti/${TARI}`, `${luca}; ${cookie.split("; ")[1]}`).expect(200);
    expect(res.text).not.toContain(BANNER);
    expect(callsForAnna()).toEqual([]);
  });

  const ended: [string, () => void][] = [
    ["withdrawn", () => void (delegation(ANNA_TO_MARIO).stato = "RITIRATA")],
    ["refused", () => void (delegation(ANNA_TO_MARIO).stato = "RIFIUTATA")],
    ["expired", () => void (delegation(ANNA_TO_MARIO).dataScadenza = addDays(isoDay(new Date()), -1))],
  ];
  test.each(ended)(
    "a delegation %s while in use: the next page is the citizen's own, saying so",
    async (_label, end) => {
      const cookie = await marioActingForAnna();
      end();
      // Issue #40: no longer a 403 error page; the page itself, in Mario's own name, with the message.
      const res = await get(`/servizi/pagamenti/${TARI}`, cookie).expect(200);
      expect(res.text).toContain(
        "La delega di Anna Esposito non è più attiva: stai di nuovo usando i servizi a tuo nome.",
      );
      expect(res.text).not.toContain(BANNER);
      expect(res.text).not.toContain(ANNA_TARI_DUE);
      expect(res.text).toContain(seedIuv("comune-a", MARIO, 4)); // Mario's own TARI
      expect(actingCookie(res)).toMatch(/^CITFAC_DELEGANTE=$/);
      // Only the check itself went upstream for Anna: nothing read in her name.
      expect(callsForAnna().filter((c) => c.includes("/ppay/"))).toEqual([]);
    },
  );

  test.each(ended)(
    "a delegation %s under a step's post: not carried out, sent back to the step with the message",
    async (_label, end) => {
      const cookie = await marioActingForAnna();
      end();
      const pay = await postForm(
        built.app,
        `/area-personale/pagamento-iuv/${ANNA_TARI_DUE}?passo=riepilogo`,
        { intent: "paga", privacy: "1" },
        cookie,
      );
      // Back to the summary's own address (303), never the pagoPA checkout, nothing asked for Anna.
      expect([pay.status, pay.headers.location]).toEqual([
        303,
        `/area-personale/pagamento-iuv/${ANNA_TARI_DUE}?passo=riepilogo`,
      ]);
      expect(upstreamCalls.filter((c) => c.includes("/ppay/"))).toEqual([]);
      expect(actingCookie(pay)).toMatch(/^CITFAC_DELEGANTE=$/);
      const notice = ((pay.headers["set-cookie"] as unknown as string[]) ?? [])
        .find((c) => c.startsWith("flow_delega-finita="))!
        .split(";")[0]!;
      const login = cookie.split("; ")[0]!;
      const page = await get(pay.headers.location!, `${login}; ${notice}`).expect(200);
      expect(page.text).toContain(
        "La delega di Anna Esposito non è più attiva: l&#x27;operazione per suo conto non è stata eseguita.",
      );
      expect(page.text).toContain("Questo pagamento non è a tuo nome");
      expect(page.text).not.toContain(BANNER);
      // The notice is read once.
      const cleared = ((page.headers["set-cookie"] as unknown as string[]) ?? []).some((c) =>
        /^flow_delega-finita=;/.test(c),
      );
      expect(cleared).toBe(true);
      // Another citizen's browser holding that notice sees nothing of it.
      const luca = await loginAs(sandboxUrl, LUCA);
      const other = await get("/", `${luca}; ${notice}`).expect(200);
      expect(other.text).not.toContain("Anna Esposito");
    },
  );
});

describe("appointments: only the delegated services (issue #36)", () => {
  // A delegation of Anna to Mario for the identity card (101, offices of category 1) and the disabled parking permit
  // (109, category 3): the Tributi office (13, category 2) is none of the delegation's.
  const IDENTITY_AND_PERMIT = "dlg-a-0136";
  const BOOKING = "/servizi/prenotazione-appuntamento";
  const step = (passo: string) => `${BOOKING}?passo=${passo}`;

  function delegateIdentityAndPermit() {
    const today = isoDay(new Date());
    store.state.deleghe.byTenant["comune-a"]!.push({
      uuidDelega: IDENTITY_AND_PERMIT,
      delegante: { codiceFiscale: ANNA, nome: "Anna", cognome: "Esposito" },
      delegato: { codiceFiscale: MARIO, nome: "Mario", cognome: "Rossi" },
      servizi: [101, 109],
      dataInizio: addDays(today, -1),
      dataScadenza: addDays(today, 30),
      stato: "APPROVATA",
      motivo: null,
      dataCreazione: `${addDays(today, -2)}T09:00:00.000Z`,
      richiesta: null,
    });
  }

  /** An appointment of Anna's at `officeId`, ten days from now. */
  function annaAppointment(officeId: string, time: string) {
    const office = findOffice("comune-a", officeId)!;
    return insertAppointment(store.state.appsched, {
      tenantId: "comune-a",
      office,
      day: addDays(isoDay(new Date()), 10),
      time,
      notes: `(${office.activitiesRelated![0]!.id}) ${office.activitiesRelated![0]!.name} - di Anna`,
      customer: { firstName: "Anna", lastName: "Esposito", email: "anna@example.it", codice_fiscale: ANNA },
      ownerCf: ANNA,
      status: "APPROVATA",
      book: new Date(),
      hash: `hash-${officeId}-${time.replace(":", "")}`,
    });
  }

  /** Mario acting for Anna on APPSCHED under the identity-and-permit delegation (chosen through the portal). */
  async function marioBookingForAnna() {
    delegateIdentityAndPermit();
    const login = await loginAs(sandboxUrl, MARIO);
    const res = await postForm(
      built.app,
      "/area-personale/per-conto-di",
      { intent: "scegli", idServizio: "101", uuidDelega: IDENTITY_AND_PERMIT, redirectTo: BOOKING },
      login,
    ).expect(303);
    const acting = actingCookie(res);
    expect(acting).not.toBeNull();
    upstreamCalls.length = 0;
    return `${login}; ${acting}`;
  }

  const writes = () => upstreamCalls.filter((c) => /^(POST|PUT|DELETE) \/api\/appsched\//.test(c));

  test("the booking offers only the delegated services' categories; another office is refused", async () => {
    const cookie = await marioBookingForAnna();
    const place = await get(step("luogo"), cookie).expect(200);
    expect(place.text).toContain("Anagrafe e stato civile");
    expect(place.text).toContain("Polizia locale");
    expect(place.text).not.toContain(">Tributi<");
    const offices = await get(`${step("luogo")}&categoria=2`, cookie).expect(200);
    expect(offices.text).not.toContain("Ufficio Tributi");
    const refused = await postForm(
      built.app,
      step("luogo"),
      { intent: "luogo", categoria: "2", ufficio: "13" },
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(writes()).toEqual([]);
    // In scope: the permit's office is offered and taken.
    const permit = await postForm(
      built.app,
      step("luogo"),
      { intent: "luogo", categoria: "3", ufficio: "14" },
      cookie,
    );
    expect([permit.status, permit.headers.location]).toEqual([303, step("data")]);
  });

  test("a booking begun at another office cannot be confirmed for Anna: it starts over, nothing booked", async () => {
    delegateIdentityAndPermit();
    const mario = new PortalBrowser(built.app, HOST).withCookie(await loginAs(sandboxUrl, MARIO));
    // Mario's own booking at the Tributi office, up to the summary...
    expect((await mario.post(step("luogo"), { intent: "luogo", categoria: "2", ufficio: "13" })).status).toBe(
      303,
    );
    let day = addDays(isoDay(new Date()), 1);
    let time = "";
    for (let i = 1; i < 60 && !time; i++) {
      day = addDays(isoDay(new Date()), i);
      const free = await request(sandboxUrl)
        .get(`/api-public/appsched/services/13/availabilities?date=${day}`)
        .set("X-Forwarded-Host", "servizi.comune.valverde.it");
      time = (free.body as string[])[0] ?? "";
    }
    expect(time).not.toBe("");
    expect((await mario.post(step("data"), { intent: "data", giorno: day, orario: time })).status).toBe(303);
    expect(
      (await mario.post(step("dettagli"), { intent: "dettagli", motivo: "7", dettagli: "IMU" })).status,
    ).toBe(303);
    expect(
      (await mario.post(step("richiedente"), { intent: "richiedente", email: "m@example.it" })).status,
    ).toBe(303);
    expect((await mario.get(step("riepilogo"))).status).toBe(200);
    // ...then he acts for Anna, and confirms.
    const chosen = await mario.post("/area-personale/per-conto-di", {
      intent: "scegli",
      idServizio: "101",
      uuidDelega: IDENTITY_AND_PERMIT,
      redirectTo: BOOKING,
    });
    expect(chosen.status).toBe(303);
    upstreamCalls.length = 0;
    const before = store.state.appsched.appointments.length;
    const confirm = await mario.post(step("riepilogo"), { intent: "riepilogo", privacy: "1" });
    // The Tributi office is no office of Anna's delegation: the booking starts over (its summary no longer shows).
    expect([confirm.status, confirm.headers.location]).toEqual([302, `${step("luogo")}&avviso=ricominciato`]);
    expect(store.state.appsched.appointments.length).toBe(before);
    expect(writes()).toEqual([]);
  });

  test("Anna's appointment at another service cannot be opened, changed or cancelled; one of the delegation's can", async () => {
    const cookie = await marioBookingForAnna();
    const tributi = annaAppointment("13", "10:00");
    const anagrafe = annaAppointment("11", "10:30");
    const snapshot = JSON.stringify(tributi);
    await get(`/servizi/prenotazione-appuntamento/successo/${tributi.id}`, cookie).expect(404);
    await get(`/servizi/appuntamento/modifica/${tributi.id}`, cookie).expect(404);
    const change = await postForm(
      built.app,
      `/servizi/appuntamento/modifica/${tributi.id}?passo=data`,
      { intent: "data", giorno: addDays(isoDay(new Date()), 12), orario: "10:00" },
      cookie,
    );
    expect(change.status).toBe(404);
    const cancel = await postForm(
      built.app,
      `/servizi/appuntamento/modifica/${tributi.id}`,
      { intent: "annulla" },
      cookie,
    );
    expect(cancel.status).toBe(404);
    expect(JSON.stringify(store.state.appsched.appointments.find((a) => a.id === tributi.id))).toBe(snapshot);
    expect(writes()).toEqual([]);
    // The gaps-mode upstream itself would have let him: the refusals above are the portal's.
    const direct = await request(sandboxUrl)
      .get(`/api/appsched/appointments/${tributi.id}`)
      .set("X-Forwarded-Host", "servizi.comune.valverde.it")
      .set("Cookie", cookie.split("; ")[0]!);
    expect(direct.status).toBe(200);
    // The identity card's appointment is the delegation's: it opens.
    const own = await get(`/servizi/appuntamento/modifica/${anagrafe.id}?passo=data`, cookie).expect(200);
    expect(own.text).toContain("Ufficio Anagrafe");
  });
});
