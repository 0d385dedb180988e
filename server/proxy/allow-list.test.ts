import { afterEach, describe, expect, test } from "vitest";
import type { Request } from "express";
import request from "supertest";
import { startSandbox } from "#sandbox/start.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { PROXY_ROUTES, fiscalCodesIn, matchProxyRoute, proxyRoutesFor } from "./allow-list.ts";
import { FOREIGN_FISCAL_CODE_MESSAGE, NOT_RELAYED_MESSAGE } from "./proxy-gate.ts";
import { CITIZENS, HOSTS } from "#tests/support/portal-requests.ts";

const HOST = HOSTS.a;
const MARIO = CITIZENS.MARIO;
const ANNA = CITIZENS.ANNA;

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

function fakeRequest(method: string, target: string): Request {
  const query = target.indexOf("?");
  return {
    method,
    originalUrl: target,
    path: query === -1 ? target : target.slice(0, query),
  } as unknown as Request;
}

describe("the allow list", () => {
  const product = proxyRoutesFor({ demo: false });
  const demo = proxyRoutesFor({ demo: true });

  test("relays the SSO navigations, and the demo identity provider only against the demo sandbox", () => {
    expect(matchProxyRoute(product, fakeRequest("GET", "/api/utenti/login?redirector=%2Ffaq")).allowed).toBe(
      true,
    );
    expect(matchProxyRoute(product, fakeRequest("GET", "/api/utenti/logout")).allowed).toBe(true);
    expect(matchProxyRoute(product, fakeRequest("GET", "/api-public/sandbox-idp/login")).allowed).toBe(false);
    expect(matchProxyRoute(demo, fakeRequest("GET", "/api-public/sandbox-idp/login")).allowed).toBe(true);
    expect(PROXY_ROUTES.every((route) => route.purpose.length > 0 && route.query !== "any")).toBe(true);
  });

  test.each([
    ["GET", "/api-public/utenti/me"],
    ["GET", "/api-public/configComune/fromtenant"],
    ["POST", "/api-public/otp"],
    ["GET", "/api-public/otp"],
    ["GET", `/api/ppay/citizens/${ANNA}/debtpositions`],
    ["PUT", `/api/notificatore/preferenze/users/${ANNA}/contacts`],
    ["DELETE", "/api/drafts/1"],
    ["POST", "/api/utenti/login"],
    ["DELETE", "/api/utenti/logout"],
    ["GET", "/api/UTENTI/LOGIN"],
    ["GET", "/api/utenti/login/extra"],
  ])("refuses %s %s", (method, target) => {
    expect(matchProxyRoute(proxyRoutesFor({ demo: true }), fakeRequest(method, target))).toEqual({
      allowed: false,
      reason: "not-allowed",
    });
  });

  test("refuses a query parameter the call does not take", () => {
    expect(matchProxyRoute(product, fakeRequest("GET", "/api/utenti/logout?cf=x"))).toEqual({
      allowed: false,
      reason: "query",
    });
  });

  test("finds fiscal codes in the path and in query values, encoded or not, in either case", () => {
    expect(fiscalCodesIn(`/api/x/${ANNA.toLowerCase()}`)).toEqual([ANNA]);
    expect(fiscalCodesIn(`/api/utenti/login?redirector=%252Fx%253Fcf%253D${ANNA}`)).toEqual([ANNA]);
    expect(fiscalCodesIn("/api/utenti/login?redirector=%2Ffaq")).toEqual([]);
    // The demo identity provider's choice names the identity being chosen: not checked against the session.
    const choice = matchProxyRoute(
      demo,
      fakeRequest("GET", `/api-public/sandbox-idp/login?codiceFiscale=${ANNA}`),
    );
    expect(choice).toMatchObject({ allowed: true, fiscalCodes: [] });
  });
});

describe("the gate in front of the upstream", () => {
  async function recordingUpstream() {
    const u = await startTestUpstream((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
    closers.push(u.close);
    return u;
  }

  test("a call outside the list gets a 404 in Italian and never reaches the upstream", async () => {
    const u = await recordingUpstream();
    const { app } = testApp({ upstreamUrl: u.url });
    for (const path of [
      "/api-public/configComune/fromtenant",
      "/api/crm/tickets/search",
      "/api-public/otp",
    ]) {
      const res = await request(app).get(path).set("Host", HOST);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 404, title: NOT_RELAYED_MESSAGE, details: [] });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    expect(u.received).toEqual([]);
  });

  test("a refused call with a body is answered and its connection closed, without reading it", async () => {
    const u = await recordingUpstream();
    const { app } = testApp({ upstreamUrl: u.url });
    const res = await request(app)
      .post("/api-public/otp")
      .set("Host", HOST)
      .send({ codiceFiscale: ANNA, tipoRichiesta: "EMAIL", contatto: "x@example.it" });
    expect(res.status).toBe(404);
    expect(res.headers.connection).toBe("close");
    expect(u.received).toEqual([]);
  });

  test("the SSO navigations are relayed", async () => {
    const u = await recordingUpstream();
    const { app } = testApp({ upstreamUrl: u.url });
    expect((await request(app).get("/api/utenti/logout").set("Host", HOST)).status).toBe(200);
    expect((await request(app).get("/api/utenti/login?redirector=%2Ffaq").set("Host", HOST)).status).toBe(
      200,
    );
    expect(u.received.map((r) => r.url)).toEqual([
      "/api/utenti/logout",
      "/api/utenti/login?redirector=%2Ffaq",
    ]);
  });

  test("a fiscal code in an allowed call must be the session's own: another citizen's, or none, is a 403", async () => {
    const sandbox = await startSandbox();
    closers.push(sandbox.close);
    const { app } = testApp({ upstreamUrl: sandbox.url, sandbox: true });
    const mario = await loginAs(sandbox.url, MARIO);
    const withCf = (cf: string) =>
      `/api/utenti/login?redirector=${encodeURIComponent(`/area-personale?cf=${cf}`)}`;

    const foreign = await request(app).get(withCf(ANNA)).set("Host", HOST).set("Cookie", mario);
    expect(foreign.status).toBe(403);
    expect(foreign.body.title).toBe(FOREIGN_FISCAL_CODE_MESSAGE);
    const anonymous = await request(app).get(withCf(ANNA)).set("Host", HOST);
    expect(anonymous.status).toBe(403);
    const own = await request(app).get(withCf(MARIO)).set("Host", HOST).set("Cookie", mario);
    expect(own.status).toBe(302);
    // The demo identity provider's choice is the one call that names a citizen the session is not (yet).
    const choice = await request(app)
      .get(`/api-public/sandbox-idp/login?codiceFiscale=${ANNA}&redirector=%2F`)
      .set("Host", HOST);
    expect(choice.status).toBe(302);
  });

  test("when the upstream cannot say who the session is, the call is refused with a 502, not relayed", async () => {
    const { app } = testApp({ upstreamUrl: "http://127.0.0.1:9" });
    const res = await request(app)
      .get(`/api/utenti/login?redirector=%2F${ANNA}`)
      .set("Host", HOST)
      .set("Cookie", "SANDBOX_SSO=abc");
    expect(res.status).toBe(502);
    expect(res.body.title).toMatch(/non è raggiungibile/);
  });
});
