import { expect, test } from "vitest";
import { asText, createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { crmState, toArticleDto, toTicketDto } from "./store.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const anna = CITIZENS.ANNA;
const mario = CITIZENS.MARIO;
const luca = CITIZENS.LUCA;
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString("base64");

function ticket(cf: string, attachments: object[] = []) {
  return {
    title: "Tributi",
    group_id: 2,
    priority_id: 4,
    type_id: 1,
    utente_riconosciuto: 1,
    service_catalog_item_id: 2,
    service_catalog_sub_item_id: 201,
    customer: { email: "x@example.it", mobile: null, firstname: "X", lastname: "Y", codice_fiscale: cf },
    article: {
      body: "<p>Aiuto</p>",
      from: "x@example.it",
      type_id: 13,
      content_type: "text/html",
      attachments,
    },
  };
}

test("seeded tickets: Anna has an open, a closed and a new ticket on both municipalities; Mario one on comune-a", () => {
  const { store } = createTestSandbox();
  for (const tenant of ["comune-a", "comune-b"]) {
    const annas = crmState(store.state, tenant).tickets.filter((t) => t.customer.codice_fiscale === anna);
    expect(annas.map((t) => t.state_id).sort()).toEqual([1, 2, 4]);
    const open = annas.find((t) => t.state_id === 2)!;
    expect(open.articles.at(-1)?.sender).toBe("Agent");
    expect(toTicketDto(open)).toMatchObject({ state: "In lavorazione", type: "TARI - tassa rifiuti" });
    expect(toArticleDto(open.id, open.articles[0]!)).toMatchObject({
      attachments: [{ filename: "avviso.png", "mime-type": "image/png", size: "70" }],
    });
  }
  const marios = (tenant: string) =>
    crmState(store.state, tenant).tickets.filter((t) => t.customer.codice_fiscale === mario);
  expect(marios("comune-a")).toHaveLength(1);
  expect(marios("comune-b")).toHaveLength(0);
});

test("catalogue and privacy text are public", async () => {
  const { http } = createTestSandbox();
  const services = await http.get("/api-public/crm/services").set("X-Forwarded-Host", hosts.b);
  expect(services.status).toBe(200);
  expect(services.body[0]).toEqual({ id: 1, name: "Anagrafe e stato civile" });
  const sub = await http.get("/api-public/crm/services/2").set("X-Forwarded-Host", hosts.b);
  expect(sub.body.map((s: { name: string }) => s.name)).toContain("IMU");
  expect((await http.get("/api-public/crm/services/99").set("X-Forwarded-Host", hosts.b)).status).toBe(404);
  const policy = await http.get("/api-public/policy").set("X-Forwarded-Host", hosts.b).parse(asText);
  // Raw text under a JSON label, as the BFF sends its policy.
  expect(policy.headers["content-type"]).toMatch(/^application\/json/);
  expect(policy.body).toContain("Informativa");
});

test("a logged-in citizen opens tickets only in their own name; attachments are checked by content", async () => {
  const { app, http, store } = createTestSandbox();
  const cookie = await loginAs(app, luca);
  const post = (body: object) =>
    http.post("/api/crm/tickets").set("X-Forwarded-Host", hosts.a).set("Cookie", cookie).send(body);
  expect(
    (await http.post("/api/crm/tickets").set("X-Forwarded-Host", hosts.a).send(ticket(luca))).status,
  ).toBe(401);
  expect((await post(ticket(anna))).status).toBe(403);
  const lying = await post(ticket(luca, [{ filename: "a.pdf", data: png, "mime-type": "application/pdf" }]));
  expect(lying.status).toBe(400);
  expect(lying.body.details[0]).toContain("non è del tipo dichiarato");
  const ok = await post(ticket(luca, [{ filename: "a.png", data: png, "mime-type": "image/png" }]));
  expect(ok.status).toBe(201);
  expect(ok.body).toMatchObject({ title: "Tributi", state: "Nuovo", type: "TARI - tassa rifiuti" });
  const created = crmState(store.state, "comune-a").tickets.find((t) => t.id === ok.body.id)!;
  expect(created.articles[0]!.attachments[0]!.data.equals(Buffer.from(png, "base64"))).toBe(true);
});

test("anonymous ticket with an e-mail code: right code once, wrong/used code → 401", async () => {
  const { http, store } = createTestSandbox();
  const otp = await http
    .post("/api-public/otp")
    .set("X-Forwarded-Host", hosts.b)
    .send({ codiceFiscale: luca, tipoRichiesta: "EMAIL", contatto: "x@example.it" });
  expect(otp.status).toBe(200);
  const code = store.state.otp.rows.at(-1)!.codiceOTP;
  const post = (otpCode: string, cf: string = luca) =>
    http
      .post("/api-public/crm/tickets")
      .query({ otp: otpCode, cf, richiesta: "EMAIL" })
      .set("X-Forwarded-Host", hosts.b)
      .send({ ...ticket(luca), utente_riconosciuto: 0 });
  const wrong = await post(code === "00000" ? "11111" : "00000");
  expect(wrong.status).toBe(401);
  expect(wrong.body.title).toBe("autenticazione fallita");
  expect((await post(code, anna)).status).toBe(401);
  const ok = await post(code);
  expect(ok.status).toBe(201);
  expect(ok.body.utente_riconosciuto).toBe(0);
  expect((await post(code)).status).toBe(401);
});

test("drafts belong to their citizen: another citizen gets 403/404 and does not see them", async () => {
  const { app, http, store } = createTestSandbox();
  const lucaCookie = await loginAs(app, luca);
  const annaCookie = await loginAs(app, anna);
  const as = (cookie: string) => ({
    list: () =>
      http.get("/api/drafts").query({ asset: 4 }).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie),
    create: (body: string) =>
      http
        .post("/api/draft")
        .set("X-Forwarded-Host", hosts.a)
        .set("Cookie", cookie)
        .send({ body, idAsset: 4 }),
    update: (id: number, body: string) =>
      http
        .put(`/api/draft/${id}`)
        .set("X-Forwarded-Host", hosts.a)
        .set("Cookie", cookie)
        .send({ body, idAsset: 4 }),
    remove: (id: number) =>
      http.delete(`/api/draft/${id}`).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie).parse(asText),
  });
  const created = await as(lucaCookie).create('{"title":"Tributi"}');
  expect(created.status).toBe(201);
  // The BFF answers the saved entity: its timestamp as ISO text, as its Jackson writes a Timestamp.
  expect(created.body.dataCreazione).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
  const id = created.body.id as number;
  expect((await as(lucaCookie).list()).body).toEqual([
    expect.objectContaining({ id, body: '{"title":"Tributi"}' }),
  ]);
  expect((await as(annaCookie).list()).body).toEqual([]);
  const foreign = await as(annaCookie).update(id, "{}");
  expect(foreign.status).toBe(403);
  expect(foreign.body.title).toBe("Id bozza e codice fiscale non coerenti");
  expect((await as(annaCookie).remove(id)).status).toBe(403);
  expect((await as(lucaCookie).update(id, '{"title":"IMU"}')).status).toBe(200);
  expect((await as(lucaCookie).remove(id)).body).toBe("Bozza eliminata con successo");
  expect((await as(lucaCookie).remove(id)).status).toBe(404);
  expect(crmState(store.state, "comune-a").drafts).toEqual([]);
});

test("per-citizen reset restores the citizen's tickets and removes their drafts", async () => {
  const { app, http, store } = createTestSandbox();
  const cookie = await loginAs(app, anna);
  await http
    .post("/api/draft")
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie)
    .send({ body: "{}", idAsset: 4 });
  await http
    .post("/api/crm/tickets")
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie)
    .send(ticket(anna));
  const count = () =>
    crmState(store.state, "comune-a").tickets.filter((t) => t.customer.codice_fiscale === anna);
  expect(count()).toHaveLength(4);
  expect((await http.post(`/__sandbox/citizens/${anna}/reset`)).status).toBeLessThan(300);
  expect(count()).toHaveLength(3);
  expect(crmState(store.state, "comune-a").drafts).toEqual([]);
  expect(
    crmState(store.state, "comune-a").tickets.filter((t) => t.customer.codice_fiscale === mario),
  ).toHaveLength(1);
});

test("ticket creation has no idempotency: the same Idempotency-Key twice makes two tickets (the proxy drops it)", async () => {
  const { http, app, store } = createTestSandbox();
  const cookie = await loginAs(app, luca, hosts.b);
  const create = (key: string) =>
    http
      .post("/api/crm/tickets")
      .set("X-Forwarded-Host", hosts.b)
      .set("Cookie", cookie)
      .set("Idempotency-Key", key)
      .send(ticket(luca));
  const first = await create("chiave-1");
  expect(first.status).toBe(201);
  const again = await create("chiave-1");
  expect(again.status).toBe(201);
  expect(again.body.id).not.toBe(first.body.id);
  const lucas = crmState(store.state, "comune-b").tickets.filter((t) => t.customer.codice_fiscale === luca);
  expect(lucas).toHaveLength(2);
});

test("one e-mail code opens one anonymous ticket: a retry with the used code is refused, whatever it carries", async () => {
  const { http } = createTestSandbox();
  const asked = await http
    .post("/api-public/otp")
    .set("X-Forwarded-Host", hosts.b)
    .send({ codiceFiscale: luca, tipoRichiesta: "EMAIL", contatto: "x@example.it" });
  expect(asked.status).toBe(200);
  const mail = await http.get("/__sandbox/mailbox.json?to=x%40example.it");
  const code = /\b(\d{5})\b/.exec(mail.body[0].body)?.[1] ?? "";
  const create = (key: string) =>
    http
      .post(`/api-public/crm/tickets?otp=${code}&cf=${luca}&richiesta=EMAIL`)
      .set("X-Forwarded-Host", hosts.b)
      .set("Idempotency-Key", key)
      .send(ticket(luca));
  const first = await create("anonima-1");
  expect(first.status).toBe(201);
  const retry = await create("anonima-1");
  expect(retry.status).toBe(401);
  expect(retry.body).toMatchObject({ title: "autenticazione fallita" });
  expect((await create("anonima-2")).status).toBe(401);
});
