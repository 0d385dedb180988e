import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { OPEN_REDIRECT_PAYLOADS } from "#shared/redirect-payloads.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { HOSTS, postForm } from "#tests/support/portal-requests.ts";

// Every redirect parameter of the portal, tried with the whole payload corpus through the production build.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const app = () =>
  testApp({ upstreamUrl: sandbox.url, ssrHandler, env: { MAINTENANCE_LOGIN_PER_CLIENT: "1000" } }).app;

/** Where a browser on `host` goes with this Location: it must be the same origin, and not a `//host` path. */
function expectOnSite(location: string | undefined, host: string) {
  expect(location).toBeDefined();
  const origin = `http://${host}`;
  expect(new URL(location!, `${origin}/somewhere/page`).origin).toBe(origin);
  expect(location).not.toMatch(/^[/\\]{2}|^[a-z]+:/i);
}

describe.each(OPEN_REDIRECT_PAYLOADS.map((p) => [p]))("the redirect payload %j", (payload) => {
  const encoded = encodeURIComponent(payload);

  test("stays on the site as the login's redirector, the gate's redirectTo (GET and POST) and the rating's page", async () => {
    const server = app();
    const afterLogin = await request(server)
      .get(`/area-personale?redirector=${encoded}`)
      .set("Host", "comune-a.localhost");
    expect(afterLogin.status).toBe(302);
    expectOnSite(afterLogin.headers.location, "comune-a.localhost");

    const gateGet = await request(server)
      .get(`/manutenzione?redirectTo=${encoded}`)
      .set("Host", "comune-a.localhost");
    expect(gateGet.status).toBe(302);
    expectOnSite(gateGet.headers.location, "comune-a.localhost");

    const gatePost = await postForm(
      server,
      `/manutenzione?redirectTo=${encoded}`,
      { username: "manutentore", password: "Roccaserena-2026" },
      "",
      HOSTS.c,
    );
    expect(gatePost.status).toBe(302);
    expectOnSite(gatePost.headers.location, "comune-c.localhost");

    const rating = await postForm(server, "/valutazione", {
      pagePath: payload,
      pageTitle: "Prova",
      rating: "5",
      option: "positivo1",
    });
    expect(rating.status).toBe(302);
    expectOnSite(rating.headers.location, "comune-a.localhost");
  });
});

test("the login navigation hands the upstream only same-origin redirectors", async () => {
  const upstream = await startTestUpstream((_req, res) => {
    res.writeHead(302, { location: "/area-personale" });
    res.end();
  });
  try {
    const { app: server } = testApp({ upstreamUrl: upstream.url });
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      for (const path of ["/api/utenti/login", "/api/utenti/login/"]) {
        await request(server)
          .get(`${path}?redirector=${encodeURIComponent(payload)}`)
          .set("Host", "comune-a.localhost");
      }
    }
    expect(upstream.received).toHaveLength(OPEN_REDIRECT_PAYLOADS.length * 2);
    for (const received of upstream.received) {
      const redirector = new URL(received.url, "http://upstream").searchParams.get("redirector");
      expectOnSite(redirector ?? undefined, "comune-a.localhost");
    }
  } finally {
    await upstream.close();
  }
});

test("the language links of a page requested as //evil.example stay on the site", async () => {
  const res = await request(app()).get("//evil.example").set("Host", "comune-a.localhost");
  const links = [...res.text.matchAll(/href="([^"]*lang=(?:en|it)[^"]*)"/g)].map((m) => m[1]!);
  expect(links.length).toBeGreaterThanOrEqual(2);
  for (const link of links) expectOnSite(link.replace(/&amp;/g, "&"), "comune-a.localhost");
});
