import { expect, test } from "vitest";
import { asText, createTestSandbox, hosts, maintenanceBasic } from "#tests/support/test-sandbox.ts";

const { http } = createTestSandbox();
const wrongBasic = `Basic ${Buffer.from("manutentore:sbagliata").toString("base64")}`;

test("a municipality in maintenance refuses /api calls without the credential", async () => {
  for (const path of [
    "/api-public/configComune/menu",
    "/api-public/crm/knowledge_bases/1/categories",
    "/api-public/nulla",
  ]) {
    const res = await http.get(path).set("X-Forwarded-Host", hosts.c);
    expect(res.status, path).toBe(401);
    expect(res.body).toEqual({ status: 401, error: "Non sei autorizzato server in manutenzione" });
  }
  const wrong = await http
    .get("/api-public/configComune/menu")
    .set("X-Forwarded-Host", hosts.c)
    .set("Authorization", wrongBasic);
  expect(wrong.status).toBe(401);
});

test("the maintenance credential opens every path", async () => {
  const res = await http
    .get("/api-public/configComune/menu")
    .set("X-Forwarded-Host", hosts.c)
    .set("Authorization", maintenanceBasic);
  expect(res.status).toBe(200);
});

test("the exempt paths answer without the credential", async () => {
  const config = await http.get("/api-public/configComune/fromtenant").set("X-Forwarded-Host", hosts.c);
  expect(config.status).toBe(200);
  expect(config.body.maintenance).toBe(true);
  expect(config.text).not.toContain("Roccaserena-2026");
  expect((await http.get("/api-public/utenti/me").set("X-Forwarded-Host", hosts.c)).status).toBe(401);
  expect((await http.get("/api-public/utenti/menu").set("X-Forwarded-Host", hosts.c)).status).toBe(200);
  const feedback = await http
    .post("/api-public/feedback")
    .set("X-Forwarded-Host", hosts.c)
    .send({ rating: 9 });
  expect(feedback.status).toBe(400);
});

test("POST /api-public/maintenance checks the credential", async () => {
  const ok = await http
    .post("/api-public/maintenance")
    .set("X-Forwarded-Host", hosts.c)
    .set("Authorization", maintenanceBasic)
    .parse(asText);
  expect(ok.status).toBe(200);
  // Raw strings labelled JSON, as the BFF sends them (the refusal too: not an ErrorDto).
  expect(ok.headers["content-type"]).toMatch(/^application\/json/);
  expect(ok.body).toBe("utente autorizzato");
  const wrong = await http
    .post("/api-public/maintenance")
    .set("X-Forwarded-Host", hosts.c)
    .set("Authorization", wrongBasic)
    .parse(asText);
  expect(wrong.status).toBe(403);
  expect(wrong.body).toBe("Utente non autorizzato");
  expect(
    (await http.post("/api-public/maintenance").set("X-Forwarded-Host", hosts.c).parse(asText)).status,
  ).toBe(403);
});

test("a municipality without maintenance refuses every maintenance login", async () => {
  const res = await http
    .post("/api-public/maintenance")
    .set("X-Forwarded-Host", hosts.a)
    .set("Authorization", maintenanceBasic)
    .parse(asText);
  expect(res.status).toBe(403);
  const open = await http.get("/api-public/configComune/menu").set("X-Forwarded-Host", hosts.a);
  expect(open.status).toBe(200);
});
