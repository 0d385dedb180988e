import { afterAll, beforeAll, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { HOSTS, postForm } from "#tests/support/portal-requests.ts";

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
  const attempt = (password: string) =>
    postForm(app, "/manutenzione", { username: "manutentore", password }, "", HOSTS.c);
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
  // Every refusal is counted (the warning is once per window).
  expect((await request(app).get("/metrics")).text).toContain(
    'portal_rate_limited_total{limiter="maintenance-login",scope="client",municipality="comune-c"} 2',
  );
});

test("the municipality's limit cannot lock out the maintainer: a browser that logged in before (a known device) is exempt", async () => {
  const { app } = testApp({
    upstreamUrl: sandbox.url,
    ssrHandler,
    env: {
      MAINTENANCE_LOGIN_PER_CLIENT: "50",
      MAINTENANCE_LOGIN_PER_TENANT: "3",
      MAINTENANCE_LOGIN_WINDOW_S: "600",
    },
  });
  const attempt = (password: string, cookies = "", host = HOSTS.c) =>
    postForm(app, "/manutenzione", { username: "manutentore", password }, cookies, host);
  // The maintainer's browser logs in: the credential, and the mark of a known device.
  const login = await attempt("Roccaserena-2026");
  expect(login.status).toBe(302);
  const setCookies = [login.headers["set-cookie"] ?? []].flat();
  const device = setCookies.find((c) => c.startsWith("CITFAC_MAINTENANCE_DEVICE="))!;
  expect(device).toMatch(/HttpOnly/i);
  expect(device).toMatch(/SameSite=Strict/i);
  const deviceCookie = device.split(";")[0]!;
  // Someone floods the municipality's limit with wrong passwords...
  expect((await attempt("sbagliata-1")).status).toBe(403);
  expect((await attempt("sbagliata-2")).status).toBe(403);
  expect((await attempt("sbagliata-3")).status).toBe(429);
  // ...so a browser the maintainer never used is refused, even with the right password...
  expect((await attempt("Roccaserena-2026")).status).toBe(429);
  // ...and a forged or tampered device cookie does not help...
  expect((await attempt("Roccaserena-2026", "CITFAC_MAINTENANCE_DEVICE=forged")).status).toBe(429);
  expect((await attempt("Roccaserena-2026", `${deviceCookie.slice(0, -2)}xx`)).status).toBe(429);
  // ...but the maintainer's own browser logs in.
  const again = await attempt("Roccaserena-2026", deviceCookie);
  expect(again.status).toBe(302);
  expect([again.headers["set-cookie"] ?? []].flat().some((c) => c.startsWith("CITFAC_MAINTENANCE="))).toBe(
    true,
  );
});

test("a known device still has its own limit: a stolen device cookie cannot guess without end", async () => {
  const { app } = testApp({
    upstreamUrl: sandbox.url,
    ssrHandler,
    env: {
      MAINTENANCE_LOGIN_PER_CLIENT: "3",
      MAINTENANCE_LOGIN_PER_TENANT: "100",
      MAINTENANCE_LOGIN_WINDOW_S: "600",
    },
  });
  const attempt = (password: string, cookies = "") =>
    postForm(app, "/manutenzione", { username: "manutentore", password }, cookies, HOSTS.c);
  const login = await attempt("Roccaserena-2026");
  const deviceCookie = [login.headers["set-cookie"] ?? []]
    .flat()
    .find((c) => c.startsWith("CITFAC_MAINTENANCE_DEVICE="))!
    .split(";")[0]!;
  for (let i = 0; i < 3; i++) expect((await attempt(`sbagliata-${i}`, deviceCookie)).status).toBe(403);
  expect((await attempt("sbagliata-3", deviceCookie)).status).toBe(429);
});
