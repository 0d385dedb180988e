import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { RequestHandler } from "express";
import request from "supertest";
import { startSandbox, type StartedSandbox } from "#sandbox/start.ts";
import { createTicket, crmState } from "#sandbox/crm/store.ts";
import type { SandboxStore } from "#sandbox/types.ts";
import { loadSsrHandler } from "#server/render/load-ssr-handler.ts";
import { testApp } from "#tests/support/test-app.ts";
import { hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { CITIZENS, HOSTS, postForm, xsrfToken } from "#tests/support/portal-requests.ts";

// The portal as the gatekeeper (issue #23): Mario, logged in, tries to reach Anna's data through everything the
// portal exposes, against a sandbox that plays the real upstream's documented gaps (SANDBOX_UPSTREAM_GAPS: fiscal
// codes in paths and CRM filters taken on trust, tickets, drafts and appointments by id without an owner check, the
// one-time code in the /otp answer). Each attack is first shown to work straight on that upstream (so the test
// proves the portal's defence, not the sandbox's), then made through the portal: 0 successes, Anna's data unchanged.

const MARIO = CITIZENS.MARIO;
const ANNA = CITIZENS.ANNA;
const HOST = HOSTS.a;
const TENANT = "comune-a";

let sandbox: StartedSandbox;
let store: SandboxStore;
let sandboxUrl: string;
let ssrHandler: RequestHandler;

beforeAll(async () => {
  sandbox = await startSandbox({ gaps: true });
  ({ store, url: sandboxUrl } = sandbox);
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  await request(sandboxUrl).post("/__sandbox/reset").expect(200);
});

// --- Anna's data, as the upstream holds it -------------------------------------------------------------------------

const annaMessage = () => store.state.messages[ANNA]!.find((m) => !m.tag.includes("deleted"))!;
const annaDocument = () => store.state.mydocs.documents[TENANT]![ANNA]![0]!;
const annaIuv = (stato: string) =>
  store.state.ppay.positions[TENANT]![ANNA]!.find((p) => p.codiceStatoPagamento === stato)!.iuv!;
const annaTickets = () =>
  crmState(store.state, TENANT).tickets.filter((t) => t.customer.codice_fiscale === ANNA);
const annaOpenTicket = () => annaTickets().find((t) => t.state_id === 2)!;
const annaTicketWithFile = () => annaTickets().find((t) => t.articles.some((a) => a.attachments.length > 0))!;
const annaAppointment = () =>
  store.state.appsched.appointments.find((a) => a.tenantId === TENANT && a.ownerCf === ANNA)!;

function annaDraft() {
  const crm = crmState(store.state, TENANT);
  const draft = { id: crm.nextDraftId++, idAsset: 1, body: "{}", dataCreazione: 0, codiceFiscale: ANNA };
  crm.drafts.push(draft);
  return draft;
}

function annaDisruptionTicket() {
  return createTicket(
    crmState(store.state, TENANT),
    {
      title: "Disservizio",
      kind: "disservizio",
      type: "Illuminazione pubblica",
      customer: {
        email: "anna@example.it",
        mobile: null,
        firstname: "Anna",
        lastname: "Esposito",
        codice_fiscale: ANNA,
      },
      utente_riconosciuto: 1,
      body: "<p>Lampione spento in via Roma</p>",
      attachments: [],
    },
    new Date("2026-11-01T10:00:00Z"),
  );
}

/** What must not change: everything the upstream keeps about Anna (her sessions and the OTP rows aside). */
function annaSnapshot(): string {
  const crm = crmState(store.state, TENANT);
  return JSON.stringify({
    messages: store.state.messages[ANNA],
    notify: store.state.notify.users[ANNA],
    receiptStorage: store.state.receiptStorage[`${TENANT}:${ANNA}`],
    positions: store.state.ppay.positions[TENANT]?.[ANNA],
    tickets: crm.tickets.filter((t) => t.customer.codice_fiscale === ANNA),
    drafts: crm.drafts.filter((d) => d.codiceFiscale === ANNA),
    appointments: store.state.appsched.appointments.filter((a) => a.ownerCf === ANNA),
  });
}

// --- the attacker's tools -------------------------------------------------------------------------------------------

type Attack = {
  name: string;
  method: "get" | "post" | "put" | "delete";
  path: () => string;
  body?: () => object;
};

const ppay = `/api/ppay/citizens/${ANNA}`;
const notify = `/api/notificatore/preferenze/users/${ANNA}`;
const inbox = `/api/notificatore/messagestore/users/${ANNA}/messages`;
const crmFilter = (filter: object) =>
  `/api/crm/tickets/search?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The upstream calls an attacker would make with the portal's /api proxy as a relay. */
const UPSTREAM_ATTACKS: Attack[] = [
  { name: "PPAY debt positions", method: "get", path: () => `${ppay}/debtpositions` },
  {
    name: "PPAY positions by query",
    method: "get",
    path: () => `${ppay}/debtpositions?codice_fiscale=${ANNA}`,
  },
  { name: "PPAY receipt", method: "get", path: () => `${ppay}/debtpositions/${annaIuv("0")}/paymentreceipt` },
  { name: "PPAY notice", method: "get", path: () => `${ppay}/debtpositions/${annaIuv("1")}/paymentnotice` },
  { name: "PPAY payment link", method: "get", path: () => `/api/ppay/debtpositions/${annaIuv("1")}/payment` },
  { name: "PPAY receipt storage (read)", method: "get", path: () => ppay },
  { name: "PPAY receipt storage (write)", method: "put", path: () => `${ppay}?enableReceiptStorage=false` },
  { name: "Notify terms", method: "put", path: () => `${notify}/terms` },
  { name: "Notify contacts (read)", method: "get", path: () => `${notify}/contacts` },
  {
    name: "Notify contacts (replace the e-mail)",
    method: "put",
    path: () => `${notify}/contacts`,
    body: () => ({ email: "mario@example.it" }),
  },
  { name: "Notify preferences (read)", method: "get", path: () => `${notify}/preferences` },
  {
    name: "Notify preferences (write)",
    method: "put",
    path: () => `${notify}/preferences`,
    body: () => ({}),
  },
  { name: "messages (read)", method: "get", path: () => inbox },
  {
    name: "messages (mark read)",
    method: "put",
    path: () => `${inbox}/status`,
    body: () => [{ id: annaMessage().id, read_at: true }],
  },
  { name: "messages (delete)", method: "delete", path: () => `${inbox}/${annaMessage().id}` },
  { name: "documents (areas)", method: "get", path: () => `/api/document/ambiti/cittadino/${ANNA}` },
  {
    name: "documents (list)",
    method: "post",
    path: () => `/api/document/documenti/cittadino/${ANNA}`,
    body: () => ({ visibile: true }),
  },
  {
    name: "documents (download)",
    method: "get",
    path: () => `/api/document/documenti/${annaDocument().uuid}/cittadino/${ANNA}?download=true`,
  },
  { name: "MYPAY dues", method: "get", path: () => `/api/mypay/posizioni/${ANNA}` },
  {
    name: "CRM search by her fiscal code",
    method: "get",
    path: () => crmFilter({ "customer.codice_fiscale": { eq: ANNA } }),
  },
  { name: "CRM search without a filter (everyone's)", method: "get", path: () => crmFilter({}) },
  { name: "CRM ticket", method: "get", path: () => `/api/crm/tickets/${annaTicketWithFile().id}` },
  { name: "CRM articles", method: "get", path: () => `/api/crm/tickets/${annaTicketWithFile().id}/articles` },
  {
    name: "CRM attachment",
    method: "get",
    path: () => {
      const ticket = annaTicketWithFile();
      const article = ticket.articles.find((a) => a.attachments.length > 0)!;
      return `/api/crm/tickets/${ticket.id}/articles/${article.id}/attachments/${article.attachments[0]!.id}`;
    },
  },
  {
    name: "CRM reply to her ticket",
    method: "post",
    path: () => `/api/crm/tickets/${annaOpenTicket().id}/articles`,
    body: () => ({ body: "<p>Mario scrive</p>" }),
  },
  {
    name: "CRM close her ticket",
    method: "put",
    path: () => `/api/crm/tickets/${annaOpenTicket().id}`,
    body: () => ({ state_id: 8 }),
  },
  {
    name: "CRM ticket in her name",
    method: "post",
    path: () => "/api/crm/tickets",
    body: () => ({
      title: "Tributi",
      service_catalog_item_id: 2,
      service_catalog_sub_item_id: 201,
      customer: {
        email: "mario@example.it",
        mobile: null,
        firstname: "Anna",
        lastname: "Esposito",
        codice_fiscale: ANNA,
      },
      article: { body: "<p>Scritto da Mario</p>" },
    }),
  },
  { name: "CRM delete her draft", method: "delete", path: () => `/api/draft/${annaDraft().id}` },
  {
    name: "CRM her disruption receipt",
    method: "get",
    path: () => `/api/crm/disservizio/tickets/${annaDisruptionTicket().id}/ricevuta`,
  },
  {
    name: "appointments by her fiscal code",
    method: "get",
    path: () => `/api/appsched/appointments?codice_fiscale=${ANNA}`,
  },
  {
    name: "appointment by id",
    method: "get",
    path: () => `/api/appsched/appointments/${annaAppointment().id}`,
  },
  {
    name: "a one-time code for her (answered with the code)",
    method: "post",
    path: () => "/api-public/otp",
    body: () => ({ codiceFiscale: ANNA, tipoRichiesta: "EMAIL", contatto: "mario@example.it" }),
  },
  { name: "every one-time code", method: "get", path: () => "/api-public/otp" },
];

function portal() {
  return testApp({ upstreamUrl: sandboxUrl, ssrHandler, sandbox: true }).app;
}

async function mario() {
  return loginAs(sandboxUrl, MARIO, hosts.a);
}

function attackThroughPortal(attack: Attack, cookie: string, path: string, body: object | undefined) {
  const xsrf = xsrfToken();
  const client = request(portal());
  const req = client[attack.method](path)
    .set("Host", HOST)
    .set("Cookie", `${cookie}; ${xsrf.cookie}`)
    .set("X-XSRF-TOKEN", xsrf.token)
    .set("Accept", "application/json");
  return body ? req.send(body) : req;
}

function attackStraight(attack: Attack, cookie: string, path: string, body: object | undefined) {
  // Read as bytes: the upstream answers some calls with a raw string labelled JSON, as the published BFF does
  // (`Bozza eliminata con successo`, docs/decisions/upstream-fidelity.md #57); the control needs only the status.
  const upstream = request(sandboxUrl);
  const req = upstream[attack.method](path)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie)
    .responseType("blob");
  return body ? req.send(body) : req;
}

describe("through the portal's /api proxy, against an upstream with the documented gaps", () => {
  test.each(UPSTREAM_ATTACKS.map((attack) => [attack.name, attack] as const))(
    "%s: refused by the portal, although the upstream itself would answer",
    async (_name, attack) => {
      const cookie = await mario();
      const path = attack.path();
      const body = attack.body?.();
      const before = annaSnapshot();
      const otpRows = store.state.otp.rows.length;

      const refused = await attackThroughPortal(attack, cookie, path, body);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ status: 404, title: expect.stringMatching(/non esiste/) });
      expect(JSON.stringify(refused.body)).not.toMatch(/Esposito|SPSNNA|codiceOTP/i);
      expect(annaSnapshot()).toBe(before);
      expect(store.state.otp.rows.length).toBe(otpRows);

      // The control: the same call straight on the upstream goes through, so the refusal above is the portal's.
      const straight = await attackStraight(attack, cookie, path, body);
      expect(straight.status, `${attack.name} straight on the gaps upstream`).toBeLessThan(300);
    },
  );

  test("a fiscal code smuggled into an allowed call is refused unless it is the session's own", async () => {
    const cookie = await mario();
    const login = (cf: string) =>
      request(portal())
        .get(`/api/utenti/login?redirector=${encodeURIComponent(`/area-personale?codiceFiscale=${cf}`)}`)
        .set("Host", HOST)
        .set("Cookie", cookie);
    expect((await login(ANNA)).status).toBe(403);
    expect((await login(MARIO)).status).toBe(302);
  });
});

// --- pages and actions with Anna's ids ------------------------------------------------------------------------------

type PageAttack = { name: string; path: () => string };

const PAGE_READS: PageAttack[] = [
  { name: "her message", path: () => `/area-personale/messaggi/${annaMessage().id}` },
  { name: "her document's file", path: () => `/area-personale/documenti/${annaDocument().uuid}/file` },
  { name: "her ticket", path: () => `/area-personale/richieste/${annaTicketWithFile().id}` },
  {
    name: "her ticket's attachment",
    path: () => {
      const ticket = annaTicketWithFile();
      const article = ticket.articles.find((a) => a.attachments.length > 0)!;
      return `/area-personale/richieste/${ticket.id}/articoli/${article.id}/allegati/${article.attachments[0]!.id}`;
    },
  },
  { name: "her receipt", path: () => `/area-personale/pagamenti/${annaIuv("0")}/ricevuta` },
  { name: "her payment notice", path: () => `/area-personale/pagamenti/${annaIuv("1")}/avviso` },
  { name: "paying her position", path: () => `/area-personale/pagamento-iuv/${annaIuv("1")}` },
  {
    name: "her booking's confirmation",
    path: () => `/servizi/prenotazione-appuntamento/successo/${annaAppointment().id}`,
  },
  {
    name: "her booking's calendar file",
    path: () => `/servizi/prenotazione-appuntamento/calendario/${annaAppointment().id}`,
  },
  { name: "changing her appointment", path: () => `/servizi/appuntamento/modifica/${annaAppointment().id}` },
  {
    name: "her disruption report's receipt",
    path: () => `/servizi/segnalazioni/${annaDisruptionTicket().id}/ricevuta`,
  },
];

describe("pages that take an id, against an upstream that checks no owner", () => {
  test.each(PAGE_READS.map((attack) => [attack.name, attack] as const))(
    "%s: not found for Mario",
    async (_name, attack) => {
      const cookie = await mario();
      const path = attack.path();
      const before = annaSnapshot();
      const res = await request(portal()).get(path).set("Host", HOST).set("Cookie", cookie);
      expect([403, 404], `${path} answered ${res.status}`).toContain(res.status);
      expect(res.text).not.toMatch(new RegExp(`Esposito|${ANNA}`, "i"));
      expect(annaSnapshot()).toBe(before);
    },
  );
});

describe("actions on Anna's ids, against an upstream that checks no owner", () => {
  const ACTIONS: { name: string; path: () => string; fields: () => Record<string, string> }[] = [
    {
      name: "replying to her ticket",
      path: () => `/area-personale/richieste/${annaOpenTicket().id}`,
      fields: () => ({ messaggio: "Mario scrive nella richiesta di Anna" }),
    },
    {
      name: "closing her ticket",
      path: () => `/area-personale/richieste/${annaOpenTicket().id}?chiudi=1`,
      fields: () => ({}),
    },
    {
      name: "deleting her message",
      path: () => `/area-personale/messaggi/${annaMessage().id}`,
      fields: () => ({}),
    },
    {
      name: "cancelling her appointment",
      path: () => `/servizi/appuntamento/modifica/${annaAppointment().id}`,
      fields: () => ({ intent: "annulla" }),
    },
    {
      name: "deleting her draft",
      path: () => `/nuova-richiesta/bozze/${annaDraft().id}/elimina`,
      fields: () => ({}),
    },
  ];

  test.each(ACTIONS.map((action) => [action.name, action] as const))(
    "%s: refused, and nothing of hers changes",
    async (_name, action) => {
      const cookie = await mario();
      const path = action.path();
      const fields = action.fields();
      const before = annaSnapshot();
      const res = await postForm(portal(), path, fields, cookie, HOST);
      expect(res.status, `${path} answered ${res.status}`).toBeGreaterThanOrEqual(400);
      expect(res.text).not.toMatch(new RegExp(ANNA, "i"));
      expect(annaSnapshot()).toBe(before);
    },
  );
});
