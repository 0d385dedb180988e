import { afterAll, beforeAll, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";

// What the production build (npm test builds first) logs for expected answers, through the real app and sandbox.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

type Line = { level: string; msg: string; error?: Record<string, unknown>; res?: { statusCode: number } };
const parse = (lines: string[]) => lines.map((line) => JSON.parse(line) as Line);

test("the maintenance gate's 503 is logged at info, without an error or a stack", async () => {
  const { app, logs } = testApp({ upstreamUrl: sandbox.url, ssrHandler });
  const gate = await request(app).get("/manutenzione").set("Host", "comune-c.localhost");
  expect(gate.status).toBe(503);
  const lines = parse(logs.lines);
  expect(lines.find((line) => line.res?.statusCode === 503)).toMatchObject({ level: "info" });
  expect(lines.filter((line) => line.level === "error")).toEqual([]);
  expect(logs.lines.join("")).not.toContain("stack");
});

test("a POST to a page without an action is logged as a structured 405 at info, never [object Object]", async () => {
  const { app, logs } = testApp({ upstreamUrl: sandbox.url, ssrHandler });
  const first = await request(app).get("/faq").set("Host", "comune-a.localhost");
  const cookie = ([] as string[])
    .concat(first.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("XSRF-TOKEN="));
  const token = cookie!.split(";")[0]!.slice("XSRF-TOKEN=".length);
  const res = await request(app)
    .post("/faq")
    .set("Host", "comune-a.localhost")
    .set("Origin", "http://comune-a.localhost")
    .set("Cookie", `XSRF-TOKEN=${token}`)
    .set("X-XSRF-TOKEN", decodeURIComponent(token))
    .type("form")
    .send({ q: "anagrafe" });
  expect(res.status).toBe(405);
  expect(logs.lines.join("")).not.toContain("[object Object]");
  const routeError = parse(logs.lines).find((line) => line.msg === "route error response");
  expect(routeError).toMatchObject({
    level: "info",
    error: {
      status: 405,
      statusText: "Method Not Allowed",
      message: expect.stringContaining('POST request to "/faq"'),
    },
  });
  expect(routeError!.error).not.toHaveProperty("stack");
});
