import { expect, test } from "vitest";
import request from "supertest";
import { startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { requestIds } from "./access-log.ts";

test("request ids: a well-formed client id is kept, otherwise a unique per-process one", () => {
  const next = requestIds();
  expect(next("abcdefgh-1234")).toBe("abcdefgh-1234");
  const a = next(undefined);
  const b = next("bad id with spaces");
  // Well formed, but spelling what the logs redact: replaced, never logged as sent.
  expect(next("RSSMRA80A01H501U")).not.toBe("RSSMRA80A01H501U");
  expect(next("x-12202600000000001")).not.toContain("12202600000000001");
  expect(a).not.toBe(b);
  expect(a).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
});

test("a proxied call is logged once with status, duration and tenant; an upstream failure at error", async () => {
  const u = await startTestUpstream((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
  try {
    const { app, logs } = testApp({ upstreamUrl: u.url });
    const ok = await request(app).get("/api/utenti/logout").set("Host", "comune-a.localhost");
    expect(ok.headers["x-request-id"]).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
    const lines = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const access = lines.filter((l) => l.msg === "request completed");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: "info",
      tenant: "comune-a",
      // Named as the pages' lines name it, so that one query finds every line of a request.
      reqId: ok.headers["x-request-id"],
      req: { id: ok.headers["x-request-id"], method: "GET", url: "/api/utenti/logout" },
      res: { statusCode: 200 },
    });
    expect(access[0]!.responseTime).toEqual(expect.any(Number));
  } finally {
    await u.close();
  }
  const { app, logs } = testApp({ upstreamUrl: "http://127.0.0.1:9" });
  await request(app).get("/api/utenti/logout").set("Host", "comune-a.localhost");
  const failed = logs.lines
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((l) => l.msg === "request errored");
  expect(failed).toMatchObject({ level: "error", res: { statusCode: 502 } });
});

test("the proxy's other lines of a request carry its id too (an allow-list refusal, an upstream failure)", async () => {
  const { app, logs } = testApp({ upstreamUrl: "http://127.0.0.1:9" });
  const refused = await request(app).get("/api/not-relayed").set("Host", "comune-a.localhost");
  const failed = await request(app).get("/api/utenti/logout").set("Host", "comune-a.localhost");
  const lines = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const refusal = lines.find((l) => l.msg === "proxy call not in the allow list");
  expect(refusal).toMatchObject({ reqId: refused.headers["x-request-id"] });
  const error = lines.find((l) => l.msg === "proxy error");
  expect(error).toMatchObject({ reqId: failed.headers["x-request-id"] });
});
