import { expect, test } from "vitest";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const { ANNA, GIULIA } = CITIZENS;
const { app, http } = createTestSandbox();

const payer = { nome: "Carla", cognome: "Neri", email: "carla@example.it" };

test("payment types per municipality, with notes, filtered by description (at least 3 characters)", async () => {
  const a = await http.get("/api-public/ppay/paymenttypes").set("X-Forwarded-Host", hosts.a);
  expect(a.status).toBe(200);
  expect(a.body.paymentTypes.length).toBeGreaterThan(3);
  expect(a.body.paymentTypes).toContainEqual(
    expect.objectContaining({ codiceVersamento: "DIRSEG", noteObbligatorie: true }),
  );
  const b = await http.get("/api-public/ppay/paymenttypes").set("X-Forwarded-Host", hosts.b);
  expect(b.body.paymentTypes.map((t: { codiceVersamento: string }) => t.codiceVersamento)).toContain("TRASP");
  const filtered = await http
    .get("/api-public/ppay/paymenttypes?paymentTypesDescription=mensa")
    .set("X-Forwarded-Host", hosts.a);
  expect(filtered.body.paymentTypes).toHaveLength(1);
  const short = await http
    .get("/api-public/ppay/paymenttypes?paymentTypesDescription=me")
    .set("X-Forwarded-Host", hosts.a);
  expect(short.status).toBe(400);
});

test("an anonymous online payment opens the checkout; the same Idempotency-Key makes another position", async () => {
  const send = (key: string) =>
    http
      .post("/api-public/ppay/paymenttypes/MENSA/payment")
      .set("X-Forwarded-Host", hosts.a)
      .set("Idempotency-Key", key)
      .send({ ...payer, importo: 12.5, codiceFiscalePartitaIVAPagatore: GIULIA });
  const first = await send("key-0000000001");
  expect(first.status).toBe(201);
  expect(first.body.paymentUrl).toMatch(/\/__sandbox\/pagopa\/checkout\/[0-9a-f]+$/);
  // The BFF's proxy drops the header: PiemontePay makes a second position (the portal keeps its own attempts).
  const again = await send("key-0000000001");
  expect(again.status).toBe(201);
  expect(again.body.iuv).not.toBe(first.body.iuv);
  // The payer, once logged in, finds the position among the debt positions.
  const cookie = await loginAs(app, GIULIA, hosts.a);
  const list = await http
    .get(`/api/ppay/citizens/${GIULIA}/debtpositions?iuv=${first.body.iuv}`)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie);
  expect(list.body.debtPositions[0]).toMatchObject({ importo: 12.5, codiceStatoPagamento: "1" });
});

test("required notes, bad amounts and unknown types are refused like PPAY", async () => {
  const post = (type: string, body: object) =>
    http.post(`/api-public/ppay/paymenttypes/${type}/payment`).set("X-Forwarded-Host", hosts.a).send(body);
  const base = { ...payer, importo: 10, codiceFiscalePartitaIVAPagatore: GIULIA };
  expect((await post("DIRSEG", base)).body).toMatchObject({ code: "VALIDATION_ERROR" });
  expect((await post("DIRSEG", { ...base, note: "Pratica 12" })).status).toBe(201);
  expect((await post("MENSA", { ...base, importo: 0 })).status).toBe(400);
  expect((await post("MENSA", { ...base, importo: 1.005 })).status).toBe(400);
  expect((await post("NOPE", base)).status).toBe(404);
});

test("a notice is a real PDF; a logged-in citizen may only name their own fiscal code", async () => {
  const anonymous = await http
    .post(`/api-public/ppay/citizens/${GIULIA}/paymenttypes/CIMIT/debtpositions`)
    .set("X-Forwarded-Host", hosts.b)
    .send({ ...payer, importo: 30 });
  expect(anonymous.status).toBe(201);
  expect(anonymous.body.codiceAvviso).toBe(`3${anonymous.body.iuv}`);
  expect(Buffer.from(anonymous.body.pdf, "base64").subarray(0, 5).toString()).toBe("%PDF-");
  const cookie = await loginAs(app, ANNA, hosts.b);
  const other = await http
    .post(`/api-public/ppay/citizens/${GIULIA}/paymenttypes/CIMIT/debtpositions`)
    .set("X-Forwarded-Host", hosts.b)
    .set("Cookie", cookie)
    .send({ ...payer, importo: 30 });
  expect(other.status).toBe(403);
});
