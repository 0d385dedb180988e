import { afterAll, beforeAll, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { createXsrfToken, maskXsrfToken } from "#server/security/xsrf.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

test("the maintenance login is rate limited per address: Italian 429 with Retry-After, one warning per window", async () => {
  const { app, logs } = testApp({
    upstreamUrl: sandbox.url,
    ssrHandler,
    env: { MAINTENANCE_LOGIN_PER_CLIENT: "3", MAINTENANCE_LOGIN_WINDOW_S: "600" },
  });
  const token = createXsrfToken();
  const attempt = (password: string) =>
    request(app)
      .post("/manutenzione")
      .set("Host", "comune-c.localhost")
      .set("Origin", "http://comune-c.localhost")
      .set("Cookie", `XSRF-TOKEN=${token}`)
      .type("form")
      .send({ _xsrf: maskXsrfToken(token), username: "manutentore", password });
  for (let i = 0; i < 3; i++) expect((await attempt(`sbagliata-${i}`)).status).toBe(403);
  const limited = await attempt("sbagliata-3");
  expect(limited.status).toBe(429);
  expect(Number(limited.headers["retry-after"])).toBeGreaterThan(500);
  expect(limited.text).toContain("Troppi tentativi di accesso. Riprova tra 10 minuti.");
  // The right password does not help while the address is blocked: no upstream check is made.
  expect((await attempt("Roccaserena-2026")).status).toBe(429);
  const warnings = logs.lines.filter((line) => line.includes("maintenance login rate limit reached"));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('"level":"warn"');
});
