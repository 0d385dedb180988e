import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox, type StartedSandbox } from "#sandbox/start.ts";
import { RELAY_EVERYTHING, startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { loadSsrHandler } from "#server/render/load-ssr-handler.ts";
import { createFlowState } from "#server/render/flow-state.ts";
import { maskXsrfToken } from "./xsrf.ts";
import { createSealer } from "./seal.ts";
import { HOSTS } from "#tests/support/portal-requests.ts";

// PORTAL_SECRET rotated: what was sealed under the old secret still opens while it is listed in
// PORTAL_SECRET_PREVIOUS; everything sealed from then on uses the new one; without the old one listed, an old cookie
// is refused as any foreign cookie (as before this change).
const OLD = "old-secret-old-secret-old-secret-0123";
const NEW = "new-secret-new-secret-new-secret-4567";
const ROTATING = { current: NEW, previous: [OLD] };

describe("the sealer during a rotation", () => {
  test("opens a token sealed with a previous secret, says so, and seals with the current one", () => {
    const token = createSealer(OLD, "test").seal("ciao");
    const rotating = createSealer(ROTATING, "test");
    expect(rotating.open(token)).toEqual({ value: "ciao", previous: true });
    expect(rotating.unseal(token)).toBe("ciao");

    const fresh = rotating.seal("ciao");
    expect(rotating.open(fresh)).toEqual({ value: "ciao", previous: false });
    expect(createSealer(NEW, "test").unseal(fresh)).toBe("ciao");
    expect(createSealer(OLD, "test").unseal(fresh)).toBeUndefined();
  });

  test("without the previous secret an old token is refused; the purpose still separates keys", () => {
    const token = createSealer(OLD, "test").seal("ciao");
    expect(createSealer(NEW, "test").unseal(token)).toBeUndefined();
    expect(createSealer(ROTATING, "other").unseal(token)).toBeUndefined();
    expect(
      createSealer({ current: NEW, previous: ["another-secret-another-secret-1234"] }, "test").open(token),
    ).toBeUndefined();
  });

  test("a flow's state sealed under the old secret reads; its next write is sealed with the new one", () => {
    const security = { secure: false };
    const oldCookie = createFlowState(OLD)({}, security).write("profile-wizard", { step: 2 });
    const value = oldCookie.slice(oldCookie.indexOf("=") + 1, oldCookie.indexOf(";"));
    const cookies = { "flow_profile-wizard": value };
    expect(createFlowState(ROTATING)(cookies, security).read("profile-wizard")).toEqual({ step: 2 });
    expect(createFlowState(NEW)(cookies, security).read("profile-wizard")).toBe("tampered");

    const next = createFlowState(ROTATING)({}, security).write("profile-wizard", { step: 3 });
    const nextValue = next.slice(next.indexOf("=") + 1, next.indexOf(";"));
    expect(
      createFlowState(NEW)({ "flow_profile-wizard": nextValue }, security).read("profile-wizard"),
    ).toEqual({ step: 3 });
  });
});

describe("the maintenance credential (a sealed cookie the maintainer keeps)", () => {
  const sealedCredential = () =>
    createSealer(OLD, "maintenance-credential").seal(
      JSON.stringify({ username: "manutentore", password: "x" }),
    );
  const basic = `Basic ${Buffer.from("manutentore:x").toString("base64")}`;

  async function upstream() {
    const u = await startTestUpstream((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
    onTestFinished(() => u.close());
    return u;
  }

  test("sealed under the old secret: still sent upstream, and sealed again with the new one in the answer", async () => {
    const u = await upstream();
    const { app } = testApp({
      proxyRoutes: RELAY_EVERYTHING,
      upstreamUrl: u.url,
      secret: NEW,
      previousSecrets: [OLD],
    });
    const res = await request(app)
      .get("/api-public/crm/services")
      .set("Host", "comune-a.localhost")
      .set("Cookie", `CITFAC_MAINTENANCE=${sealedCredential()}`);
    expect(res.status).toBe(200);
    expect(u.received[0]!.headers.authorization).toBe(basic);
    const cookie = ([] as string[])
      .concat(res.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("CITFAC_MAINTENANCE="))!;
    expect(cookie).toContain("HttpOnly");
    const resealed = cookie.slice("CITFAC_MAINTENANCE=".length, cookie.indexOf(";"));
    expect(JSON.parse(createSealer(NEW, "maintenance-credential").unseal(resealed)!)).toEqual({
      username: "manutentore",
      password: "x",
    });
  });

  test("sealed with the current secret: no new cookie", async () => {
    const u = await upstream();
    const { app } = testApp({
      proxyRoutes: RELAY_EVERYTHING,
      upstreamUrl: u.url,
      secret: NEW,
      previousSecrets: [OLD],
    });
    const current = createSealer(NEW, "maintenance-credential").seal(
      JSON.stringify({ username: "manutentore", password: "x" }),
    );
    const res = await request(app)
      .get("/api-public/crm/services")
      .set("Host", "comune-a.localhost")
      .set("Cookie", `CITFAC_MAINTENANCE=${current}`);
    expect(u.received[0]!.headers.authorization).toBe(basic);
    expect(String(res.headers["set-cookie"] ?? "")).not.toContain("CITFAC_MAINTENANCE=");
  });

  test("without the previous secret: ignored, as any foreign cookie", async () => {
    const u = await upstream();
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url, secret: NEW });
    const res = await request(app)
      .get("/api-public/crm/services")
      .set("Host", "comune-a.localhost")
      .set("Cookie", `CITFAC_MAINTENANCE=${sealedCredential()}`);
    expect(u.received[0]!.headers.authorization).toBeUndefined();
    expect(String(res.headers["set-cookie"] ?? "")).not.toContain("CITFAC_MAINTENANCE=");
  });
});

// A flow in progress across the rollout: the disruption report started on a replica sealing with the old secret,
// continued on one with the new secret (production build, the sandbox upstream in process).
describe("a flow in progress across the rotation", () => {
  let sandbox: StartedSandbox;
  let upstreamUrl: string;
  let ssrHandler: RequestHandler;
  beforeAll(async () => {
    sandbox = await startSandbox();
    upstreamUrl = sandbox.url;
    ssrHandler = await loadSsrHandler();
  });
  afterAll(() => sandbox.close());

  const HOST = HOSTS.a;
  const REPORT = "/servizi/segnalazioni/nuova";
  const decode = (html: string) =>
    html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

  /** Giulia logged in, the report's first step accepted on a portal sealing with the old secret: her cookies. */
  async function reportStartedBeforeRotation() {
    const cookies = new Map<string, string>();
    const take = (lines: string[] | string | undefined) => {
      for (const line of [lines ?? []].flat()) {
        const pair = line.split(";")[0]!;
        cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      }
    };
    const header = () => [...cookies].map(([n, v]) => `${n}=${v}`).join("; ");
    take(await loginAs(sandbox.app, "BNCGLI85C55L219R"));
    const before = testApp({ upstreamUrl, ssrHandler, secret: OLD }).app;
    take((await request(before).get(REPORT).set("Host", HOST).set("Cookie", header())).headers["set-cookie"]);
    const accepted = await request(before)
      .post(`${REPORT}?passo=autorizzazioni`)
      .set("Host", HOST)
      .set("Origin", `http://${HOST}`)
      .set("Cookie", header())
      .type("form")
      .send({ _xsrf: maskXsrfToken(cookies.get("XSRF-TOKEN")!), intent: "autorizzazioni", accetto: "on" });
    expect(accepted.status).toBe(303);
    take(accepted.headers["set-cookie"]);
    expect(cookies.get("flow_disruption")).toBeTruthy();
    return header();
  }

  test("with the old secret listed as previous, the next step shows; nothing restarts", async () => {
    const cookie = await reportStartedBeforeRotation();
    const after = testApp({ upstreamUrl, ssrHandler, secret: NEW, previousSecrets: [OLD] }).app;
    const page = await request(after).get(`${REPORT}?passo=dati`).set("Host", HOST).set("Cookie", cookie);
    expect(page.status).toBe(200);
    expect(decode(page.text)).toContain("Indica il luogo del disservizio");
    expect(decode(page.text)).not.toContain("Segnalazione ricominciata");
  });

  test("without it, the report starts again with the Italian notice, as before", async () => {
    const cookie = await reportStartedBeforeRotation();
    const after = testApp({ upstreamUrl, ssrHandler, secret: NEW }).app;
    const page = await request(after).get(`${REPORT}?passo=dati`).set("Host", HOST).set("Cookie", cookie);
    expect(decode(page.text)).toContain("Segnalazione ricominciata");
    expect(decode(page.text)).toContain("ricomincia dal primo passo");
  });
});
