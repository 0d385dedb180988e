import { describe, expect, test } from "vitest";
import { asText, createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { createTicket, crmState } from "./crm/store.ts";
import { gapsFromEnv } from "./gaps.ts";
import { startSandbox } from "./start.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

// Gaps mode (README "Gaps mode"): for each gap of the real upstream, the default sandbox refuses and the gaps mode
// lets it through, exactly as the contract (§1 "Authorization gaps", §8) says the BFF does.

const { MARIO, ANNA, GIULIA } = CITIZENS;

function sandboxes() {
  return { strict: createTestSandbox(), gaps: createTestSandbox({ gaps: true }) };
}

type Sandbox = ReturnType<typeof createTestSandbox>;

describe("OTP (contract §8)", () => {
  const ask = (s: Sandbox, body: object, cookie?: string) => {
    const req = s.http.post("/api-public/otp").set("X-Forwarded-Host", hosts.a);
    return (cookie ? req.set("Cookie", cookie) : req).send(body);
  };
  const verify = (s: Sandbox, query: object, cookie?: string) => {
    const req = s.http
      .get("/api-public/otp/verify")
      .query(query)
      .set("X-Forwarded-Host", hosts.a)
      .parse(asText);
    return cookie ? req.set("Cookie", cookie) : req;
  };

  test("any caller gets a code for any fiscal code, and the answer carries the code, only in gaps mode", async () => {
    const { strict, gaps } = sandboxes();
    const sms = { codiceFiscale: ANNA, tipoRichiesta: "SMS", contatto: "00393331234567" };
    expect((await ask(strict, sms)).status).toBe(401);
    const mario = await loginAs(strict.app, MARIO);
    const refused = await ask(strict, { ...sms, tipoRichiesta: "EMAIL", contatto: "x@example.it" }, mario);
    expect(refused.status).toBe(403);
    const own = await ask(
      strict,
      { codiceFiscale: MARIO, tipoRichiesta: "EMAIL", contatto: "m@e.it" },
      mario,
    );
    expect(own.status).toBe(200);
    expect(own.body).not.toHaveProperty("codiceOTP");

    const anonymous = await ask(gaps, sms);
    expect(anonymous.status).toBe(200);
    const row = gaps.store.state.otp.rows[0]!;
    expect(anonymous.body).toEqual({
      id: row.id,
      codiceFiscale: ANNA,
      codiceOTP: row.codiceOTP,
      used: false,
      expirationDate: row.expirationDate,
      tipoRichiesta: "SMS",
    });
    const marioInGaps = await loginAs(gaps.app, MARIO);
    const foreign = await ask(
      gaps,
      { ...sms, tipoRichiesta: "EMAIL", contatto: "x@example.it" },
      marioInGaps,
    );
    expect(foreign.status).toBe(200);
    expect(foreign.body).toMatchObject({
      codiceFiscale: ANNA,
      codiceOTP: gaps.store.state.otp.rows[1]!.codiceOTP,
    });
  });

  test("GET /api-public/otp lists every row with its code only in gaps mode", async () => {
    const { strict, gaps } = sandboxes();
    for (const s of [strict, gaps]) {
      await ask(s, { codiceFiscale: ANNA, tipoRichiesta: "EMAIL", contatto: "a@example.it" });
    }
    expect((await strict.http.get("/api-public/otp").set("X-Forwarded-Host", hosts.a)).status).toBe(404);
    const listed = await gaps.http.get("/api-public/otp").set("X-Forwarded-Host", hosts.a);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ codiceFiscale: ANNA, codiceOTP: gaps.store.state.otp.rows[0]!.codiceOTP }),
    ]);
  });

  test("the 6th wrong code burns the row by default; in gaps mode the right code still works, anonymously", async () => {
    const { strict, gaps } = sandboxes();
    const anna = await loginAs(strict.app, ANNA);
    const email = { codiceFiscale: ANNA, tipoRichiesta: "EMAIL", contatto: "a@example.it" };
    for (const [s, cookie] of [
      [strict, anna],
      [gaps, undefined],
    ] as const) {
      await ask(s, email, cookie);
      const code = s.store.state.otp.rows[0]!.codiceOTP;
      const wrong = code === "00000" ? "11111" : "00000";
      for (let i = 0; i < 6; i++) {
        expect((await verify(s, { otp: wrong, cf: ANNA, richiesta: "EMAIL" }, cookie)).status).toBe(404);
      }
      const right = await verify(s, { otp: code, cf: ANNA, richiesta: "EMAIL" }, cookie);
      expect(right.status).toBe(s === gaps ? 200 : 404);
    }
    expect((await verify(strict, { otp: "12345", cf: ANNA, richiesta: "EMAIL" })).status).toBe(401);
  });

  test("gaps mode checks the code by (code, fiscal code, request type) too", async () => {
    const { gaps } = sandboxes();
    await ask(gaps, { codiceFiscale: ANNA, tipoRichiesta: "EMAIL", contatto: "a@example.it" });
    const code = gaps.store.state.otp.rows[0]!.codiceOTP;
    expect((await verify(gaps, { otp: code, cf: MARIO, richiesta: "EMAIL" })).status).toBe(404);
    expect((await verify(gaps, { otp: code, cf: ANNA, richiesta: "EMAIL" })).status).toBe(200);
    expect(gaps.store.state.otp.rows[0]!.used).toBe(true);
  });

  test("no SMS-per-day cap in gaps mode", async () => {
    const { strict, gaps } = sandboxes();
    const sms = { codiceFiscale: ANNA, tipoRichiesta: "SMS", contatto: "00393331234567" };
    const anna = await loginAs(strict.app, ANNA);
    for (let i = 0; i < 3; i++) expect((await ask(strict, sms, anna)).status).toBe(200);
    const capped = await ask(strict, sms, anna);
    expect(capped.status).toBe(403);
    expect(capped.body.title).toBe("Limite richieste giornaliere SMS OTP superato");
    for (let i = 0; i < 4; i++) expect((await ask(gaps, sms)).status).toBe(200);
  });
});

describe("fiscal codes in paths are not checked against the SSO citizen (contract §1)", () => {
  type Call = {
    name: string;
    method: "get" | "put" | "post" | "delete";
    path: (s: Sandbox) => string;
    body?: object;
    /** What gaps mode did to Anna, read from the answer or the store. */
    check: (s: Sandbox, body: unknown) => void;
  };
  const anna = (s: Sandbox) => s.store.state;
  const ppay = `/api/ppay/citizens/${ANNA}`;
  const notify = `/api/notificatore/preferenze/users/${ANNA}`;
  const inbox = `/api/notificatore/messagestore/users/${ANNA}/messages`;
  const annaMessage = (s: Sandbox) => anna(s).messages[ANNA]![0]!;
  const annaDocument = (s: Sandbox) => anna(s).mydocs.documents["comune-a"]![ANNA]![0]!;
  const annaIuv = (s: Sandbox, stato: string) =>
    anna(s).ppay.positions["comune-a"]![ANNA]!.find((p) => p.codiceStatoPagamento === stato)!.iuv!;
  const calls: Call[] = [
    {
      name: "PPAY debt positions",
      method: "get",
      path: () => `${ppay}/debtpositions`,
      check: (_s, body) => expect((body as { totalElements: number }).totalElements).toBe(6),
    },
    {
      name: "PPAY receipt",
      method: "get",
      path: (s) => `${ppay}/debtpositions/${annaIuv(s, "0")}/paymentreceipt`,
      check: (_s, body) => expect((body as { receipt: string }).receipt.length).toBeGreaterThan(100),
    },
    {
      name: "PPAY notice",
      method: "get",
      path: (s) => `${ppay}/debtpositions/${annaIuv(s, "1")}/paymentnotice`,
      check: (_s, body) => expect((body as { notice: string }).notice.length).toBeGreaterThan(100),
    },
    {
      name: "PPAY receipt storage (read)",
      method: "get",
      path: () => ppay,
      check: (_s, body) => expect(body).toMatchObject({ flag: true }),
    },
    {
      name: "PPAY receipt storage (write)",
      method: "put",
      path: () => `${ppay}?enableReceiptStorage=false`,
      check: (s) => expect(s.store.state.receiptStorage[`comune-a:${ANNA}`]?.flag).toBe(false),
    },
    {
      name: "Notify terms",
      method: "put",
      path: () => `${notify}/terms`,
      check: (s) => expect(s.store.state.notify.users[ANNA]?.terms?.accepted_at).toBeTruthy(),
    },
    {
      name: "Notify contacts (read)",
      method: "get",
      path: () => `${notify}/contacts`,
      check: (_s, body) => expect(body).toMatchObject({ user_id: ANNA, email: expect.any(String) }),
    },
    {
      name: "Notify contacts (replace)",
      method: "put",
      path: () => `${notify}/contacts`,
      body: { email: "mario@example.it" },
      check: (s) => expect(s.store.state.notify.users[ANNA]?.contacts?.email).toBe("mario@example.it"),
    },
    {
      name: "Notify preferences (read)",
      method: "get",
      path: () => `${notify}/preferences`,
      check: (_s, body) => expect((body as unknown[]).length).toBeGreaterThan(0),
    },
    {
      name: "Notify preferences (write)",
      method: "put",
      path: () => `${notify}/preferences`,
      body: {},
      check: (_s, body) => expect(body).toBe("OK"),
    },
    {
      name: "messages (read)",
      method: "get",
      path: () => inbox,
      check: (_s, body) => expect((body as Array<{ user_id: string }>)[0]?.user_id).toBe(ANNA),
    },
    {
      name: "messages (mark read)",
      method: "put",
      path: () => `${inbox}/status`,
      body: [{ id: "placeholder", read_at: true }],
      check: (s) => expect(annaMessage(s).read_at).not.toBeNull(),
    },
    {
      name: "messages (delete)",
      method: "delete",
      path: (s) => `${inbox}/${annaMessage(s).id}`,
      check: (s) => expect(annaMessage(s).tag).toContain("deleted"),
    },
    {
      name: "documents (areas)",
      method: "get",
      path: () => `/api/document/ambiti/cittadino/${ANNA}`,
      check: (_s, body) => expect((body as { ambiti: unknown[] }).ambiti.length).toBeGreaterThan(0),
    },
    {
      name: "documents (list)",
      method: "post",
      path: () => `/api/document/documenti/cittadino/${ANNA}`,
      body: { visibile: true },
      check: (_s, body) => expect((body as { totalElements: number }).totalElements).toBe(4),
    },
    {
      name: "documents (download)",
      method: "get",
      path: (s) => `/api/document/documenti/${annaDocument(s).uuid}/cittadino/${ANNA}?download=true`,
      check: (_s, body) =>
        expect((body as { documento: { content: string } }).documento.content.length).toBeGreaterThan(100),
    },
    {
      name: "MYPAY dues",
      method: "get",
      path: () => `/api/mypay/posizioni/${ANNA}`,
      check: (_s, body) => expect((body as { posizioni: unknown[] }).posizioni).toHaveLength(3),
    },
  ];

  const send = (s: Sandbox, call: Call, cookie: string) => {
    let body = call.body;
    // The message to mark read is Anna's first one (its id is only known once the sandbox exists).
    if (Array.isArray(body)) body = [{ id: annaMessage(s).id, read_at: true }];
    const req = s.http[call.method](call.path(s)).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
    return body ? req.send(body) : req;
  };

  // The intruder holds no delegation from Anna (Mario does, for her TARI: a delegate's calls are legitimate).
  for (const call of calls) {
    test(`${call.name}: Giulia's session reaches Anna's only in gaps mode`, async () => {
      const { strict, gaps } = sandboxes();
      const before = JSON.stringify(strict.store.state);
      const refused = await send(strict, call, await loginAs(strict.app, GIULIA));
      expect(refused.status).toBe(403);
      expect(refused.body.title ?? refused.body.detail).toBe(
        "Codice fiscale non coerente con l'utente collegato",
      );
      expect(JSON.stringify({ ...strict.store.state, sessions: {} })).toBe(
        JSON.stringify({ ...JSON.parse(before), sessions: {} }),
      );
      const allowed = await send(gaps, call, await loginAs(gaps.app, GIULIA));
      expect(allowed.status).toBeLessThan(300);
      call.check(gaps, allowed.body);
      // The BFF's SSO filter stays: no citizen, no answer.
      const anonymous = await gaps.http[call.method](call.path(gaps)).set("X-Forwarded-Host", hosts.a);
      expect(anonymous.status).toBe(401);
    });
  }

  test("PPAY: Giulia opens the payment of Anna's position, and pays a spontaneous due in her name, only in gaps mode", async () => {
    const { strict, gaps } = sandboxes();
    for (const s of [strict, gaps]) {
      const cookie = await loginAs(s.app, GIULIA);
      const payment = await s.http
        .get(`/api/ppay/debtpositions/${annaIuv(s, "1")}/payment`)
        .set("X-Forwarded-Host", hosts.a)
        .set("Cookie", cookie);
      expect(payment.status).toBe(s === gaps ? 200 : 404);
      const spontaneous = await s.http
        .post(`/api-public/ppay/citizens/${ANNA}/paymenttypes/MENSA/debtpositions`)
        .set("X-Forwarded-Host", hosts.a)
        .set("Cookie", cookie)
        .send({ nome: "Mario", cognome: "Rossi", email: "m@example.it", importo: 10 });
      expect(spontaneous.status).toBe(s === gaps ? 201 : 403);
    }
    expect(Object.values(gaps.store.state.ppay.checkouts).at(-1)).toMatchObject({ codFisc: ANNA });
  });
});

describe("CRM: filters, tickets by id and drafts (contract §1, §5)", () => {
  const annaTickets = (s: Sandbox) =>
    crmState(s.store.state, "comune-a").tickets.filter((t) => t.customer.codice_fiscale === ANNA);
  const withAttachment = (s: Sandbox) =>
    annaTickets(s).find((t) => t.articles.some((a) => a.attachments.length > 0))!;
  const openTicket = (s: Sandbox) => annaTickets(s).find((t) => t.state_id === 2)!;
  const as = async (s: Sandbox) => {
    const cookie = await loginAs(s.app, MARIO);
    return {
      get: (path: string) => s.http.get(path).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie),
      post: (path: string, body: object) =>
        s.http.post(path).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie).send(body),
      put: (path: string, body: object) =>
        s.http.put(path).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie).send(body),
      // A deletion's success is the BFF's plain string, raw under a JSON label.
      delete: (path: string) =>
        s.http.delete(path).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie).parse(asText),
    };
  };
  const filter = (f: object) => `/api/crm/tickets/search?filter=${encodeURIComponent(JSON.stringify(f))}`;

  test("the search honours the filter's fiscal code (none: every ticket) only in gaps mode", async () => {
    const { strict, gaps } = sandboxes();
    const strictMario = await as(strict);
    expect((await strictMario.get(filter({ "customer.codice_fiscale": { eq: ANNA } }))).status).toBe(403);
    expect((await strictMario.get(filter({}))).status).toBe(403);
    const gapsMario = await as(gaps);
    const annas = await gapsMario.get(filter({ "customer.codice_fiscale": { eq: ANNA } }));
    expect(annas.status).toBe(200);
    expect(annas.body.map((t: { id: number }) => t.id).sort()).toEqual(
      annaTickets(gaps)
        .map((t) => t.id)
        .sort(),
    );
    const everyone = await gapsMario.get(`${filter({})}&per_page=100`);
    expect(everyone.body).toHaveLength(crmState(gaps.store.state, "comune-a").tickets.length);
    expect((await gaps.http.get(filter({})).set("X-Forwarded-Host", hosts.a)).status).toBe(401);
  });

  test("Anna's ticket by id: read, articles, attachment, reply and close only in gaps mode", async () => {
    const { strict, gaps } = sandboxes();
    for (const s of [strict, gaps]) {
      const mario = await as(s);
      const ok = (status: number, expected: number) => expect(status).toBe(s === gaps ? expected : 404);
      const ticket = withAttachment(s);
      const article = ticket.articles.find((a) => a.attachments.length > 0)!;
      ok((await mario.get(`/api/crm/tickets/${ticket.id}`)).status, 200);
      ok((await mario.get(`/api/crm/tickets/${ticket.id}/articles`)).status, 200);
      const file = await mario.get(
        `/api/crm/tickets/${ticket.id}/articles/${article.id}/attachments/${article.attachments[0]!.id}`,
      );
      ok(file.status, 200);
      const target = openTicket(s);
      const articles = target.articles.length;
      const reply = await mario.post(`/api/crm/tickets/${target.id}/articles`, {
        body: "<p>Mario scrive</p>",
      });
      ok(reply.status, 201);
      const close = await mario.put(`/api/crm/tickets/${target.id}`, { state_id: 8 });
      ok(close.status, 200);
      expect(openTicket(s) === undefined).toBe(s === gaps);
      expect(target.articles.length).toBe(s === gaps ? articles + 1 : articles);
    }
  });

  test("a logged-in citizen opens a ticket in another customer's name only in gaps mode", async () => {
    const { strict, gaps } = sandboxes();
    const ticket = {
      title: "Tributi",
      service_catalog_item_id: 2,
      service_catalog_sub_item_id: 201,
      customer: {
        email: "a@example.it",
        mobile: null,
        firstname: "Anna",
        lastname: "Esposito",
        codice_fiscale: ANNA,
      },
      article: { body: "<p>Scritto da Mario</p>" },
    };
    expect((await (await as(strict)).post("/api/crm/tickets", ticket)).status).toBe(403);
    expect((await (await as(gaps)).post("/api/crm/tickets", ticket)).status).toBe(201);
    expect(annaTickets(gaps).at(-1)?.articles[0]?.body).toBe("<p>Scritto da Mario</p>");
  });

  test("Anna's draft: deleted by Mario only in gaps mode; changing it stays refused (the BFF checks PUT)", async () => {
    const { strict, gaps } = sandboxes();
    for (const s of [strict, gaps]) {
      const crm = crmState(s.store.state, "comune-a");
      const draft = { id: crm.nextDraftId++, idAsset: 1, body: "{}", dataCreazione: 0, codiceFiscale: ANNA };
      crm.drafts.push(draft);
      const mario = await as(s);
      const changed = await mario.put(`/api/draft/${draft.id}`, { body: "{}", idAsset: 1 });
      expect(changed.status).toBe(403);
      expect(changed.body.title).toBe("Id bozza e codice fiscale non coerenti");
      const deleted = await mario.delete(`/api/draft/${draft.id}`);
      expect(deleted.status).toBe(s === gaps ? 200 : 403);
      expect(crmState(s.store.state, "comune-a").drafts.some((d) => d.id === draft.id)).toBe(s !== gaps);
    }
  });

  test("Anna's disruption receipt only in gaps mode", async () => {
    const { strict, gaps } = sandboxes();
    for (const s of [strict, gaps]) {
      const ticket = createTicket(
        crmState(s.store.state, "comune-a"),
        {
          title: "Disservizio",
          kind: "disservizio",
          type: "Illuminazione pubblica",
          customer: {
            email: "a@example.it",
            mobile: null,
            firstname: "Anna",
            lastname: "Esposito",
            codice_fiscale: ANNA,
          },
          utente_riconosciuto: 1,
          body: "<p>Lampione spento</p>",
          attachments: [],
        },
        new Date("2026-11-01T10:00:00Z"),
      );
      const receipt = await (await as(s)).get(`/api/crm/disservizio/tickets/${ticket.id}/ricevuta`);
      expect(receipt.status).toBe(s === gaps ? 200 : 403);
    }
  });
});

describe("appointments: the appsched API gets no citizen identity (contract §4)", () => {
  test("Mario lists and reads Anna's appointments only in gaps mode; hash links keep their check", async () => {
    const { strict, gaps } = sandboxes();
    for (const s of [strict, gaps]) {
      const cookie = await loginAs(s.app, MARIO);
      const get = (path: string) => s.http.get(path).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
      const annas = s.store.state.appsched.appointments.filter(
        (a) => a.tenantId === "comune-a" && a.ownerCf === ANNA,
      );
      expect(annas.length).toBeGreaterThan(0);
      const list = await get(`/api/appsched/appointments?codice_fiscale=${ANNA}`);
      expect(list.status).toBe(s === gaps ? 200 : 403);
      if (s === gaps) expect(list.body).toHaveLength(annas.length);
      expect((await get(`/api/appsched/appointments/${annas[0]!.id}`)).status).toBe(s === gaps ? 200 : 404);
      expect((await get("/api-public/appsched/appointments/hash/not-a-hash")).status).toBe(400);
    }
  });
});

test("startSandbox({ gaps: true }) serves gaps mode over HTTP; the standalone env flag reads 1 or true", async () => {
  const sandbox = await startSandbox({ port: 0, gaps: true });
  try {
    const res = await fetch(`${sandbox.url}/api-public/otp`, { headers: { "X-Forwarded-Host": hosts.a } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  } finally {
    await sandbox.close();
  }
  expect([gapsFromEnv("1"), gapsFromEnv("true"), gapsFromEnv(undefined), gapsFromEnv("0")]).toEqual([
    true,
    true,
    false,
    false,
  ]);
});
