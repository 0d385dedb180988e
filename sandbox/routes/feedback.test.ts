import { expect, test } from "vitest";
import { createTestSandbox, hosts } from "#tests/support/test-sandbox.ts";

const valid = {
  pagePath: "/servizi/pagamenti",
  pageTitle: "Pagamenti",
  serviceID: 104,
  rating: 4,
  option: "positivo2",
  details: "Chiaro",
};

function post(
  sandbox: ReturnType<typeof createTestSandbox>,
  body: unknown,
  contentType = "application/json",
) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  return sandbox.http
    .post("/api-public/feedback")
    .set("X-Forwarded-Host", hosts.a)
    .set("Content-Type", contentType)
    .send(raw);
}

test("a valid rating is stored and returned with id and timestamp", async () => {
  const sandbox = createTestSandbox();
  const res = await post(sandbox, valid);
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ ...valid, id: 1, comune: "comune-a" });
  expect(Date.parse(res.body.timestamp)).not.toBeNaN();
  const stored = await sandbox.http.get("/__sandbox/feedback");
  expect(stored.body).toHaveLength(1);
});

test("an empty details text is stored as null", async () => {
  const res = await post(createTestSandbox(), { rating: 1, option: "altro", details: "" });
  expect(res.status).toBe(201);
  expect(res.body.details).toBeNull();
});

test("any content type but application/json is refused with 415", async () => {
  const sandbox = createTestSandbox();
  expect((await post(sandbox, valid, "text/plain")).status).toBe(415);
  expect((await post(sandbox, "rating=4", "application/x-www-form-urlencoded")).status).toBe(415);
  expect((await post(sandbox, valid, "application/json; charset=utf-8")).status).toBe(201);
});

test("an invalid body is a 400 ErrorDto, not a crash", async () => {
  const sandbox = createTestSandbox();
  for (const body of [
    { ...valid, rating: 6 },
    { ...valid, option: "boh" },
    { rating: 3, option: "altro" },
    "{non json",
  ]) {
    const res = await post(sandbox, body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(res.body).toMatchObject({ status: 400, title: "Richiesta non valida" });
  }
  expect((await sandbox.http.get("/__sandbox/feedback")).body).toEqual([]);
});

test("a filled honeypot is answered 200 success and nothing is stored", async () => {
  const sandbox = createTestSandbox();
  const res = await post(sandbox, { ...valid, bind: "http://spam.example" });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: 200, title: "success" });
  expect((await sandbox.http.get("/__sandbox/feedback")).body).toEqual([]);
});
