import { expect, test } from "vitest";
import { createTestSandbox, hosts } from "#tests/support/test-sandbox.ts";

const { http } = createTestSandbox();

test("the municipality is resolved from X-Forwarded-Host", async () => {
  const res = await http.get("/api-public/configComune/fromtenant").set("X-Forwarded-Host", hosts.b);
  expect(res.status).toBe(200);
  expect(res.body.nome).toBe("Comune di Montealto");
  expect(res.headers["access-control-allow-origin"]).toBe("*");
});

test("an unknown host gets an empty 204 from fromtenant", async () => {
  for (const host of ["comune.sconosciuto.it", hosts.a.toUpperCase(), `${hosts.a}:443`]) {
    const res = await http.get("/api-public/configComune/fromtenant").set("X-Forwarded-Host", host);
    expect(res.status, host).toBe(204);
    expect(res.text).toBe("");
  }
  const missing = await http.get("/api-public/configComune/fromtenant");
  expect(missing.status).toBe(204);
});

test("an unknown host gets 404 Comune non presente elsewhere", async () => {
  const res = await http.get("/api-public/configComune/menu").set("X-Forwarded-Host", "altro.example.it");
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ status: 404, title: "Comune non presente", details: null });
  const me = await http.get("/api-public/utenti/me");
  expect(me.status).toBe(404);
});

test("an unknown host gets 400 from the maintenance check", async () => {
  const res = await http.post("/api-public/maintenance").set("X-Forwarded-Host", "altro.example.it");
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ status: 400, title: "Comune non presente" });
});

test("unknown endpoints answer 404 Risorsa non trovata", async () => {
  const api = await http.get("/api-public/nulla").set("X-Forwarded-Host", hosts.a);
  expect(api.status).toBe(404);
  expect(api.body).toEqual({ status: 404, title: "Risorsa non trovata", details: null });
  const other = await http.get("/altro");
  expect(other.body.title).toBe("Risorsa non trovata");
});
