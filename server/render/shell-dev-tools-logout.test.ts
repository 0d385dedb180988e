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

  test("reached from another site, it asks first: nothing ends until the citizen's own post", async () => {
    const cookie = await citizen();
    const app = testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;
    const fromElsewhere = (path: string) =>
      request(app).get(path).set("Host", HOST).set("Cookie", cookie).set("Sec-Fetch-Site", "cross-site");
    // A link (or a script) of another site: to the portal's page, or to the upstream's logout it relays.
    const asked = await fromElsewhere("/logout");
    expect(asked.status).toBe(200);
    expect(asked.text).toMatch(/<h1[^>]*>Vuoi uscire dall(&#x27;|')area personale\?<\/h1>/);
    const form = /<form[^>]*>/.exec(asked.text.slice(asked.text.indexOf("Vuoi uscire")))?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/logout"');
    // Nothing cleared (the XSRF cookie a first page issues is all it may set).
    expect(String(asked.headers["set-cookie"] ?? "")).not.toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const relayed = await fromElsewhere("/api/utenti/logout");
    expect([relayed.status, relayed.headers.location]).toEqual([302, "/logout"]);
    // Still logged in.
    const home = await request(app).get("/").set("Host", HOST).set("Cookie", cookie);
    expect(home.text).toContain("Mario Rossi");
    // The citizen's own button: the logout goes ahead, as from the header's "Esci".
    const confirmed = await postForm(app, "/logout", {}, cookie, HOST);
    expect([confirmed.status, confirmed.headers.location]).toEqual([302, "/api/utenti/logout"]);
    // Nothing to end (the SSO's return after the logout): the page says it is done, from anywhere.
    const done = await request(app).get("/logout").set("Host", HOST).set("Sec-Fetch-Site", "cross-site");
    expect(done.text).toMatch(/<h1[^>]*>Sei uscito dall(&#x27;|')area personale<\/h1>/);
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
