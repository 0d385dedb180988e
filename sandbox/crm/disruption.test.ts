import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import request from "supertest";
import { expect, onTestFinished, test } from "vitest";
import { createSandboxApp } from "#sandbox/app.ts";
import { crmState } from "#sandbox/crm/store.ts";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { disruptionBody } from "#shared/api/disruption.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const { GIULIA, ANNA } = CITIZENS;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const place = { address: "Via Roma 12, Valverde", lat: 45.053, lon: 7.5215 };

function ticket(overrides: Record<string, unknown> = {}) {
  return {
    title: "Lampione spento",
    group_id: 2,
    priority_id: 4,
    type_id: 1,
    utente_riconosciuto: 1,
    service_catalog_sub_item_id: 901,
    customer: {
      email: "giulia@example.it",
      mobile: null,
      firstname: "X",
      lastname: "Y",
      codice_fiscale: "X",
    },
    article: {
      body: disruptionBody({ category: "Illuminazione pubblica", place, details: "Spento da giorni" }),
      from: "giulia@example.it",
      type_id: 13,
      content_type: "text/html",
      attachments: [{ filename: "foto.png", data: PNG.toString("base64"), "mime-type": "image/png" }],
    },
    place,
    ...overrides,
  };
}

test("categories and the attachment limit per municipality, 404 without DISSERVIZIO_CRM", async () => {
  const { http } = createTestSandbox();
  const a = await http.get("/api-public/crm/disservizio/categorie").set("X-Forwarded-Host", hosts.a);
  expect(a.status).toBe(200);
  expect(a.body.maxAllegati).toBe(3);
  expect(a.body.categorie).toContainEqual({ id: 901, nome: "Illuminazione pubblica" });
  expect(a.body.centro).toEqual({ lat: 45.0521, lon: 7.5203 });
  const b = await http.get("/api-public/crm/disservizio/categorie").set("X-Forwarded-Host", hosts.b);
  expect(b.body.maxAllegati).toBe(2);
  const c = await http.get("/api-public/crm/disservizio/categorie").set("X-Forwarded-Host", hosts.c);
  expect(c.status).not.toBe(200);
});

test("a report is a disservizio ticket with its place (no idempotency upstream), its receipt the author's only", async () => {
  const sandbox = createTestSandbox();
  const cookie = await loginAs(sandbox.app, GIULIA);
  const post = () =>
    sandbox.http
      .post("/api/crm/disservizio/tickets")
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", cookie)
      .set("Idempotency-Key", "flow-0123456789abcdef")
      .send(ticket());
  const first = await post();
  expect(first.status).toBe(201);
  // The same Idempotency-Key again: a second report (the BFF's proxy drops the header; the portal keeps its own).
  const again = await post();
  expect(again.status).toBe(201);
  expect(again.body.id).not.toBe(first.body.id);
  const stored = sandbox.store.state.crm["comune-a"]!.tickets.filter((t) => t.kind === "disservizio");
  expect(stored).toHaveLength(2);
  expect(stored[0]).toMatchObject({
    title: "Lampione spento",
    type: "Illuminazione pubblica",
    place,
    customer: { codice_fiscale: GIULIA, firstname: "Giulia", lastname: "Bianchi" },
  });
  expect(stored[0]!.articles[0]!.body).toContain(
    "Luogo del disservizio: Via Roma 12, Valverde (45.053000, 7.521500)",
  );
  expect(stored[0]!.articles[0]!.attachments[0]!.mimeType).toBe("image/png");

  const receipt = await sandbox.http
    .get(`/api/crm/disservizio/tickets/${first.body.id}/ricevuta`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie);
  expect(receipt.status).toBe(200);
  const pdf = Buffer.from(receipt.body.ricevuta, "base64").toString("latin1");
  expect(pdf.startsWith("%PDF")).toBe(true);
  expect(pdf).toContain(first.body.number);
  expect(pdf).toContain("Via Roma 12, Valverde");

  const other = await loginAs(sandbox.app, ANNA);
  const refused = await sandbox.http
    .get(`/api/crm/disservizio/tickets/${first.body.id}/ricevuta`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", other);
  expect(refused.status).toBe(403);
});

test("a file whose content is not what its name says, too many files or an unknown category are refused", async () => {
  const sandbox = createTestSandbox();
  const cookie = await loginAs(sandbox.app, GIULIA);
  const send = (body: object) =>
    sandbox.http
      .post("/api/crm/disservizio/tickets")
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", cookie)
      .send(body);
  const lying = ticket();
  (lying.article as { attachments: unknown[] }).attachments = [
    { filename: "foto.png", data: Buffer.from("%PDF-1.4 fake").toString("base64"), "mime-type": "image/png" },
  ];
  const res = await send(lying);
  expect(res.status).toBe(400);
  expect(res.body.details[0]).toMatch(/non è del tipo dichiarato/);
  const many = ticket();
  const png = { filename: "foto.png", data: PNG.toString("base64"), "mime-type": "image/png" };
  (many.article as { attachments: unknown[] }).attachments = [png, png, png, png];
  expect((await send(many)).status).toBe(400);
  expect((await send(ticket({ service_catalog_sub_item_id: 12345 }))).status).toBe(400);
  expect(
    (await sandbox.http.post("/api/crm/disservizio/tickets").set("X-Forwarded-Host", hosts.a).send(ticket()))
      .status,
  ).toBe(401);
});

test("a report is saved to the state file: the next process has it and gives its receipt (issue #39)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-disruption-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const stateFile = join(dir, "state.json");
  const first = createSandboxApp({ stateFile });
  const cookie = await loginAs(first.app, GIULIA);
  const created = await request(first.app)
    .post("/api/crm/disservizio/tickets")
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie)
    .send(ticket());
  expect(created.status).toBe(201);

  const second = createSandboxApp({ stateFile });
  const reloaded = crmState(second.store.state, "comune-a").tickets.find((t) => t.id === created.body.id);
  expect(reloaded).toMatchObject({ kind: "disservizio", title: "Lampione spento", place });
  expect(reloaded!.articles[0]!.attachments[0]!.data).toEqual(PNG);
  const receipt = await request(second.app)
    .get(`/api/crm/disservizio/tickets/${created.body.id}/ricevuta`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie);
  expect(receipt.status).toBe(200);
});
