import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test, vi } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox, type StartedSandbox } from "#sandbox/start.ts";
import { RELAY_EVERYTHING, startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { loadSsrHandler } from "#server/render/load-ssr-handler.ts";
import { createFlowState } from "#server/render/flow-state.ts";
import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { PORTAL_COOKIES, type PortalCookie } from "#shared/portal-cookies.ts";
import { createSealer } from "./seal.ts";
import { createMaintenanceSealers } from "#server/middleware/maintenance-credential.ts";
import { PortalBrowser } from "#tests/support/portal-browser.ts";
import { CITIZENS, HOSTS } from "#tests/support/portal-requests.ts";

// PORTAL_SECRET rotated: what was sealed under the old secret still opens while it is listed in
// PORTAL_SECRET_PREVIOUS; everything sealed from then on uses the new one; without the old one listed, an old cookie
// is refused as any foreign cookie (as before this change).
const OLD = "old-secret-old-secret-old-secret-0123";
const NEW = "new-secret-new-secret-new-secret-4567";
const ROTATING = { current: NEW, previous: [OLD] };
const AN_HOUR = { maxAgeS: 3600 };

describe("the sealer during a rotation", () => {
  test("opens a token sealed with a previous secret, says so, and seals with the current one", () => {
    const token = createSealer(OLD, "test", AN_HOUR).seal("ciao");
    const rotating = createSealer(ROTATING, "test", AN_HOUR);
    expect(rotating.open(token)).toMatchObject({ value: "ciao", previous: true });
    expect(rotating.unseal(token)).toBe("ciao");

    const fresh = rotating.seal("ciao");
    expect(rotating.open(fresh)).toMatchObject({ value: "ciao", previous: false });
    expect(createSealer(NEW, "test", AN_HOUR).unseal(fresh)).toBe("ciao");
    expect(createSealer(OLD, "test", AN_HOUR).unseal(fresh)).toBeUndefined();
  });

  test("without the previous secret an old token is refused; the purpose still separates keys", () => {
    const token = createSealer(OLD, "test", AN_HOUR).seal("ciao");
    expect(createSealer(NEW, "test", AN_HOUR).unseal(token)).toBeUndefined();
    expect(createSealer(ROTATING, "other", AN_HOUR).unseal(token)).toBeUndefined();
    expect(
      createSealer({ current: NEW, previous: ["another-secret-another-secret-1234"] }, "test", AN_HOUR).open(
        token,
      ),
    ).toBeUndefined();
  });

  test("a flow's state sealed under the old secret reads; its next write is sealed with the new one", () => {
    const security = { secure: false };
    const oldCookie = createFlowState(OLD)({}, security).write("profile-wizard", { step: 2 })[0]!;
    const value = oldCookie.slice(oldCookie.indexOf("=") + 1, oldCookie.indexOf(";"));
    const cookies = { "flow_profile-wizard": value };
    expect(createFlowState(ROTATING)(cookies, security).read("profile-wizard")).toEqual({ step: 2 });
    expect(createFlowState(NEW)(cookies, security).read("profile-wizard")).toBe("tampered");

    const next = createFlowState(ROTATING)({}, security).write("profile-wizard", { step: 3 })[0]!;
    const nextValue = next.slice(next.indexOf("=") + 1, next.indexOf(";"));
    expect(
      createFlowState(NEW)({ "flow_profile-wizard": nextValue }, security).read("profile-wizard"),
    ).toEqual({ step: 3 });
  });
});

// Sealed cookies carry their issue time (issue #37): a captured cookie stops opening by itself after its kind's age,
// whatever secrets are still listed; a rotation keeps the issue time, never extends it.
describe("sealed cookies expire by kind", () => {
  const HOUR = 60 * 60 * 1000;
  const at = (ms: number) => vi.setSystemTime(new Date(Date.UTC(2026, 10, 29, 8) + ms));
  afterEach(() => void vi.useRealTimers());
  /** The value a flow's write stores (its first `Set-Cookie`). */
  const valueOf = ([setCookie]: readonly string[]) =>
    setCookie!.slice(setCookie!.indexOf("=") + 1, setCookie!.indexOf(";"));

  test("every sealed cookie has a maximum age: the credential 12 h, a known device 90 days, a flow a day", () => {
    const sealed = Object.values(PORTAL_COOKIES as Record<string, PortalCookie>).filter(
      (c) => c.protection === "sealed",
    );
    expect(sealed.filter((c) => !(c.sealedMaxAgeS! > 0)).map((c) => c.name)).toEqual([]);
    expect(PORTAL_COOKIES.maintenance.sealedMaxAgeS).toBe(12 * 3600);
    expect(PORTAL_COOKIES.maintenanceDevice.sealedMaxAgeS).toBe(90 * 86_400);
    expect(PORTAL_COOKIES.flowDisruption.sealedMaxAgeS).toBe(86_400);
  });

  test("a token opens until its age, then never; its issue time cannot be changed; the old format is refused", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    at(0);
    const sealer = createSealer(NEW, "test", AN_HOUR);
    const token = sealer.seal("ciao");
    at(HOUR - 1000);
    expect(sealer.open(token)).toMatchObject({
      value: "ciao",
      issuedAt: Math.floor(Date.UTC(2026, 10, 29, 8) / 1000),
    });
    at(HOUR + 1000);
    expect(sealer.unseal(token)).toBeUndefined();
    // The issue time moved forward by hand: the tag no longer matches.
    const raw = Buffer.from(token, "base64url");
    raw.writeUInt32BE(raw.readUInt32BE(1) + 3600, 1);
    expect(sealer.unseal(raw.toString("base64url"))).toBeUndefined();
    // Sealed "in the future" beyond a replica's clock skew: refused.
    const ahead = sealer.seal("ciao", Math.floor(Date.now() / 1000) + 3600);
    expect(sealer.unseal(ahead)).toBeUndefined();
    // A token of the format before issue times (iv | tag | ciphertext): refused, it would open forever.
    const key = Buffer.from(hkdfSync("sha256", NEW, "portale-del-cittadino", "test", 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const body = Buffer.concat([cipher.update("ciao", "utf8"), cipher.final()]);
    expect(
      sealer.unseal(Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")),
    ).toBeUndefined();
  });

  test("a flow's state sealed under the old secret reads during the rotation until its age, keeping its issue time; the next step seals it anew", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const security = { secure: false };
    at(0);
    const old = valueOf(createFlowState(OLD)({}, security).write("disruption", { step: 2 }));
    const cookies = { flow_disruption: old };
    at(23 * HOUR);
    expect(createFlowState(ROTATING)(cookies, security).read("disruption")).toEqual({ step: 2 });
    // Written at its next step (with the new secret): a day from now.
    const next = valueOf(createFlowState(ROTATING)({}, security).write("disruption", { step: 3 }));
    at(25 * HOUR);
    expect(createFlowState(ROTATING)(cookies, security).read("disruption")).toBe("tampered");
    expect(createFlowState(ROTATING)({ flow_disruption: next }, security).read("disruption")).toEqual({
      step: 3,
    });
    expect(createFlowState(NEW)({ flow_disruption: next }, security).read("disruption")).toEqual({ step: 3 });
    at(48 * HOUR);
    expect(createFlowState(NEW)({ flow_disruption: next }, security).read("disruption")).toBe("tampered");
  });

  test("the anonymous bookings' proofs (a flow kept for months) open for 201 days", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const security = { secure: false };
    at(0);
    const proofs = valueOf(createFlowState(NEW)({}, security).write("appt-access", { tokens: [] }));
    at(200 * 24 * HOUR);
    expect(createFlowState(NEW)({ "flow_appt-access": proofs }, security).read("appt-access")).toEqual({
      tokens: [],
    });
    at(202 * 24 * HOUR);
    expect(createFlowState(NEW)({ "flow_appt-access": proofs }, security).read("appt-access")).toBe(
      "tampered",
    );
  });

  test("a known-device cookie opens for 90 days; the credential's own sealer cannot open it", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    at(0);
    const sealers = createMaintenanceSealers({ current: NEW });
    const device = sealers.device.seal(JSON.stringify({ device: "d".repeat(22), tenant: "comune-a" }));
    expect(sealers.credential.unseal(device)).toBeUndefined();
    at(89 * 24 * HOUR);
    expect(sealers.device.unseal(device)).toBeDefined();
    at(91 * 24 * HOUR);
    expect(sealers.device.unseal(device)).toBeUndefined();
  });
});

describe("the maintenance credential (a sealed cookie the maintainer keeps)", () => {
  const sealedCredential = () =>
    createMaintenanceSealers({ current: OLD }).credential.seal(
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

  /** A proxied call through a portal in the middle of a rotation, with `credential` as the maintenance cookie. */
  async function callDuringRotation(credential: string) {
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
      .set("Cookie", `CITFAC_MAINTENANCE=${credential}`);
    const cookie = ([] as string[])
      .concat(res.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("CITFAC_MAINTENANCE="));
    return { res, u, cookie, resealed: cookie?.slice("CITFAC_MAINTENANCE=".length, cookie.indexOf(";")) };
  }

  test("sealed under the old secret: still sent upstream, and sealed again with the new one in the answer", async () => {
    const { res, u, cookie, resealed } = await callDuringRotation(sealedCredential());
    expect(res.status).toBe(200);
    expect(u.received[0]!.headers.authorization).toBe(basic);
    expect(cookie).toContain("HttpOnly");
    expect(JSON.parse(createMaintenanceSealers({ current: NEW }).credential.unseal(resealed!)!)).toEqual({
      username: "manutentore",
      password: "x",
    });
  });

  test("sealed with the current secret: no new cookie", async () => {
    const current = createMaintenanceSealers({ current: NEW }).credential.seal(
      JSON.stringify({ username: "manutentore", password: "x" }),
    );
    const { u, cookie } = await callDuringRotation(current);
    expect(u.received[0]!.headers.authorization).toBe(basic);
    expect(cookie).toBeUndefined();
  });

  test("sealed again after a rotation, it keeps its first issue time: 12 hours from the login, not from the rotation", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    const start = Date.UTC(2026, 10, 29, 8);
    vi.setSystemTime(start);
    const old = sealedCredential();
    vi.setSystemTime(start + 11 * 3600 * 1000);
    const { u, resealed } = await callDuringRotation(old);
    expect(u.received[0]!.headers.authorization).toBe(basic);
    const credential = createMaintenanceSealers({ current: NEW }).credential;
    expect(credential.open(resealed)?.issuedAt).toBe(start / 1000);
    vi.setSystemTime(start + 13 * 3600 * 1000);
    expect(credential.unseal(resealed)).toBeUndefined();
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
    const before = testApp({ upstreamUrl, ssrHandler, secret: OLD }).app;
    const giulia = new PortalBrowser(before, HOST).withCookie(await loginAs(sandbox.app, CITIZENS.GIULIA));
    await giulia.get(REPORT);
    const accepted = await giulia.post(`${REPORT}?passo=autorizzazioni`, {
      intent: "autorizzazioni",
      accetto: "on",
    });
    expect(accepted.status).toBe(303);
    expect(giulia.cookies.get("flow_disruption")).toBeTruthy();
    return giulia.header();
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
    const replayed = await request(after).get(`${REPORT}?passo=dati`).set("Host", HOST).set("Cookie", cookie);
    const first = `${REPORT}?passo=autorizzazioni&avviso=ricominciato`;
    expect([replayed.status, replayed.headers.location]).toEqual([302, first]);
    const page = await request(after).get(first).set("Host", HOST).set("Cookie", cookie);
    expect(decode(page.text)).toContain("Segnalazione ricominciata");
    expect(decode(page.text)).toContain("ricomincia dal primo passo");
  });
});
