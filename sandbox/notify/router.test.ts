import { expect, test } from "vitest";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const { app, http } = createTestSandbox();
const luca = CITIZENS.LUCA;
const giulia = CITIZENS.GIULIA;
const base = "/api/notificatore/preferenze";

async function as(cf: string) {
  const cookie = await loginAs(app, cf);
  const call = (method: "get" | "put" | "delete", path: string) =>
    http[method](`${base}${path}`).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
  return { cookie, call };
}

test("terms, contacts and preferences: the wizard's calls in order, reflected by utenti/me", async () => {
  const { cookie, call } = await as(luca);
  const me = () => http.get("/api-public/utenti/me").set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
  expect((await me()).body.contatti).toBeNull();
  expect((await call("get", "/terms")).body).toContain("Informativa");

  // Contacts before the terms: 412.
  expect((await call("put", `/users/${luca}/contacts`).send({ email: "l@example.it" })).status).toBe(412);
  const terms = await call("put", `/users/${luca}/terms`);
  expect(terms.status).toBe(200);
  expect(terms.body.hashed_terms).toMatch(/^[0-9a-f]{32}$/);

  expect((await call("put", `/users/${luca}/contacts`).send({ sms: "3331234567" })).status).toBe(400);
  const saved = await call("put", `/users/${luca}/contacts`).send({
    email: "l@example.it",
    sms: "00393331234567",
  });
  expect(saved.body).toMatchObject({ email: "l@example.it", sms: "00393331234567", language: "it_IT" });
  expect((await me()).body.contatti).toMatchObject({ email: "l@example.it", sms: "00393331234567" });

  const services = await call("get", "/services");
  expect(services.body.map((s: { name: string }) => s.name)).toContain("valverde_anagrafe");
  expect(services.body.every((s: { tags: string }) => s.tags.includes("c_v001"))).toBe(true);
  expect((await call("put", `/users/${luca}/preferences`).send({ valverde_eventi: "sms" })).status).toBe(400);
  expect(
    (await call("put", `/users/${luca}/preferences`).send({ valverde_anagrafe: "sms,email" })).body,
  ).toBe("OK");
  const preferences = await call("get", `/users/${luca}/preferences`);
  expect(preferences.body).toEqual([
    expect.objectContaining({ service_name: "valverde_anagrafe", channels: "email,sms" }),
  ]);

  expect((await call("delete", `/users/${luca}`)).body).toBe("OK");
  expect((await me()).body.contatti).toBeNull();
  expect((await call("get", `/users/${luca}/preferences`)).status).toBe(404);
});

test("another citizen's fiscal code is refused", async () => {
  const { call } = await as(giulia);
  expect((await call("get", `/users/${luca}/contacts`)).status).toBe(403);
  expect((await call("delete", `/users/${luca}`)).status).toBe(403);
  expect((await call("get", `/users/${giulia}/contacts`)).body.terms.hashed_terms).toMatch(/^[0-9a-f]{32}$/);
});

test("resetting a citizen restores their contacts and forgets their codes", async () => {
  const { call } = await as(giulia);
  await call("delete", `/users/${giulia}`);
  await http.post(`/__sandbox/citizens/${giulia}/reset`).expect(200);
  expect((await call("get", `/users/${giulia}/contacts`)).body.email).toBe("giulia.bianchi@example.it");
});
