import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { CITIZENS, HOSTS, postForm, signIn } from "#tests/support/portal-requests.ts";

// The shell's development tools and the end of a session, over HTTP: production build, real app, sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const HOST = HOSTS.a;
const citizen = () => signIn(sandbox.url, CITIZENS.MARIO);

describe('"Simula logout" (a development tool)', () => {
  const home = async (env: Record<string, string>) =>
    request(testApp({ upstreamUrl: sandbox.url, ssrHandler, env }).app)
      .get("/")
      .set("Host", HOST)
      .set("Cookie", await citizen());

  test("is not shown when the portal runs as the README says (npm start: NODE_ENV unset = development)", async () => {
    const res = await home({ NODE_ENV: "development" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Mario Rossi");
    expect(res.text).not.toContain("Simula logout");
    const toggle = await postForm(
      testApp({ upstreamUrl: sandbox.url, ssrHandler, env: { NODE_ENV: "development" } }).app,
      "/dev/simulazione-logout",
      {},
      "",
      HOST,
    );
    expect(toggle.status).toBe(404);
  });

  test("is shown only where DEV_TOOLS turns the development tools on, never in production", async () => {
    expect((await home({ NODE_ENV: "development", DEV_TOOLS: "true" })).text).toContain("Simula logout");
    const production = await home({
      NODE_ENV: "production",
      DEV_TOOLS: "true",
      PORTAL_SECRET: "p".repeat(32),
    });
    expect(production.text).not.toContain("Simula logout");
  });
});

describe("/logout", () => {
  const get = (path: string, cookie = "", locale = "") => {
    const req = request(testApp({ upstreamUrl: sandbox.url, ssrHandler }).app)
      .get(path)
      .set("Host", HOST);
    if (locale) req.set("Accept-Language", locale);
    return req.set("Cookie", cookie);
  };

  test("a logged-in citizen is handed to the upstream's logout, which comes back here", async () => {
    const cookie = await citizen();
    const res = await get("/logout", cookie);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/api/utenti/logout");
  });

  test('after the logout the page says "Sei uscito dall\'area personale", in Italian and in English', async () => {
    const it = await get("/logout");
    expect(it.status).toBe(200);
    expect(it.text).toMatch(/<h1[^>]*>Sei uscito dall(&#x27;|')area personale<\/h1>/);
    expect(it.text).toContain("Torna alla Homepage");
    const en = await get("/logout", "lang=en");
    expect(en.text).toContain("You have left your personal area");
  });
});
