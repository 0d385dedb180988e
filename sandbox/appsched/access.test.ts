import { expect, test } from "vitest";
import { createAppschedTestApp, MARIO } from "#tests/support/appsched-test-app.ts";

test("the authenticated API needs a logged-in citizen", async () => {
  const { http } = createAppschedTestApp();
  const res = await http.get("/api/appsched/categories").expect(401);
  expect(res.body).toEqual({ status: 401, error: "Token shibbolet non presente" });
  await http.get("/api/appsched/categories").set("x-test-citizen", MARIO!.codFisc).expect(200);
});

test("the public API answers 403 where public appointments are not allowed", async () => {
  const { http } = createAppschedTestApp();
  const res = await http.get("/api-public/appsched/categories").set("x-test-tenant", "comune-b").expect(403);
  expect(res.body).toEqual({ status: 403, title: "Not authorized", details: null });
  await http.post("/api-public/appsched/appointments").set("x-test-tenant", "comune-b").send({}).expect(403);
  await http.get("/api-public/appsched/legal-contents").set("x-test-tenant", "comune-b").expect(200);
});

test("a municipality without the appointments service answers 404", async () => {
  const { http } = createAppschedTestApp();
  const res = await http.get("/api-public/appsched/categories").set("x-test-tenant", "comune-x").expect(404);
  expect(res.body).toMatchObject({ status: 404, details: null });
});

test("the privacy notice names the municipality", async () => {
  const { http } = createAppschedTestApp();
  const res = await http.get("/api-public/appsched/legal-contents").expect(200);
  expect(res.body.title).toBe("Informativa sul trattamento dei dati personali");
  expect(res.body.body).toContain("Comune di Valverde");
});

test("the appsched fault switch makes the service unavailable", async () => {
  const { http, store } = createAppschedTestApp();
  store.state.faults.appsched = "down";
  await http.get("/api-public/appsched/categories").expect(503);
});
