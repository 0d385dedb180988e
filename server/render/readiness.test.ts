import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { relayTo, startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { HOSTS } from "#tests/support/portal-requests.ts";
import { useMemoryStore } from "#server/store/shared-store.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";

// Readiness as issue #37 asks it (docs/operations.md "Health checks"): /readyz reads what this process holds (each
// municipality's last configuration, the store connection), never calls nor waits on the upstream, and stays 200
// whatever the upstream or one municipality does: one municipality's trouble degrades that municipality, not the pod.
// The sandbox sits behind a relay that can hang or fail per municipality (by the X-Forwarded-Host it is asked for).

type Mode = "up" | "hang" | "fail";
const UPSTREAM_HOST = { a: "servizi.comune.valverde.it", b: "servizi.comune.montealto.it" };
let modes: Record<string, Mode> = {};
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let relay: Awaited<ReturnType<typeof startTestUpstream>>;
let ssrHandler: RequestHandler;
/** Requests the relay holds without answering (the hung upstream). */
const held: { destroy(): void }[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
  const relayToSandbox = relayTo(sandbox.url);
  relay = await startTestUpstream((req, res, body) => {
    const mode = modes[String(req.headers["x-forwarded-host"])] ?? "up";
    if (mode === "hang") return void held.push(res.socket!);
    if (mode === "fail") return void res.writeHead(500, { "content-type": "text/plain" }).end("guasto");
    relayToSandbox(req, res, body);
  });
});
afterEach(() => {
  modes = {};
  for (const socket of held.splice(0)) socket.destroy();
});
afterAll(async () => {
  await relay.close();
  await sandbox.close();
});

/**
 * The configurations' clock (ms), which the tests move: a configuration is past its freshness when a test says so,
 * not when a busy machine has taken a second over the first renders (a CI run beside a busy loop once saw the
 * configuration refreshed, and the page cache's page of the old one gone, before the test's own wait began).
 */
let clock = 1_000_000; // not 0: lru-cache takes an entry stored at time 0 for one without a start
/** Moves the configurations' clock past their freshness (TENANT_CONFIG_TTL_S below). */
const configurationExpires = () => (clock += 61_000);

/**
 * A portal as shipped, page cache on, whose configuration is fresh for a minute of its clock (then refreshed in the
 * background while what is held is served); upstream calls time out after 3 s (a render on a busy machine must not).
 */
const portal = (env: Record<string, string> = {}) =>
  testApp({
    upstreamUrl: relay.url,
    ssrHandler,
    configClock: () => clock,
    env: { TENANT_CONFIG_TTL_S: "60", PAGE_CACHE_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "3000", ...env },
  }).app;
const home = (app: Parameters<typeof request>[0], host: string) => request(app).get("/").set("Host", host);

describe("/readyz", () => {
  test("the upstream hung: readiness answers from what is held without asking it, stays 200, and pages are still served", async () => {
    const app = portal();
    // Twice: the first render loads the configuration, the second is kept in the page cache under it.
    for (const host of [HOSTS.a, HOSTS.a, HOSTS.b]) expect((await home(app, host)).status).toBe(200);
    expect((await request(app).get("/readyz")).body.municipalities).toMatchObject({
      "comune-a": "ready",
      "comune-b": "ready",
    });

    modes = { [UPSTREAM_HOST.a]: "hang", [UPSTREAM_HOST.b]: "hang" };
    const asked = relay.received.length;
    const ready = await request(app).get("/readyz");
    expect(ready.status).toBe(200);
    // Not one upstream request for the probe.
    expect(relay.received.length).toBe(asked);

    // The home page while the upstream holds every request: served from the page cache (its configuration, past its
    // minute, is being refreshed in the background); the refresh, once timed out, turns the municipality `stale`,
    // never the probe's status.
    configurationExpires();
    const page = await home(app, HOSTS.a);
    expect(page.status).toBe(200);
    expect(page.headers["x-cache"]).toBe("HIT");
    expect(page.text).toContain("Comune di Valverde");
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
    await vi.waitFor(
      async () => {
        const stale = await request(app).get("/readyz");
        expect(stale.status).toBe(200);
        expect(stale.body.status).toBe("degraded");
        expect(stale.body.municipalities["comune-a"]).toBe("stale");
      },
      { timeout: 10_000, interval: 100 },
    );
  }, 30_000);

  test("one municipality failing: it is degraded alone (unavailable, then stale), the pod stays ready and the others' pages are served", async () => {
    modes = { [UPSTREAM_HOST.b]: "fail" };
    const app = portal();
    expect((await home(app, HOSTS.a)).status).toBe(200);
    const failing = await home(app, HOSTS.b);
    expect(failing.status).toBe(502);
    expect(failing.text).toContain("Servizio non disponibile");

    const ready = await request(app).get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: "degraded",
      municipalities: { "comune-a": "ready", "comune-b": "unavailable", "comune-c": "unavailable" },
    });

    // Back: comune-b loads; failing again after its configuration was held, it is stale and its pages still served.
    modes = {};
    expect((await home(app, HOSTS.b)).status).toBe(200);
    expect((await request(app).get("/readyz")).body.municipalities["comune-b"]).toBe("ready");
    modes = { [UPSTREAM_HOST.b]: "fail" };
    configurationExpires();
    await vi.waitFor(
      async () => {
        const page = await home(app, HOSTS.b);
        expect(page.status).toBe(200);
        expect(page.text).toContain("Comune di Montealto");
        expect((await request(app).get("/readyz")).body.municipalities["comune-b"]).toBe("stale");
      },
      { timeout: 10_000, interval: 200 },
    );
    const after = await request(app).get("/readyz");
    expect(after.status).toBe(200);
    expect(after.body.municipalities["comune-a"]).toBe("ready");
    expect((await home(app, HOSTS.a)).status).toBe(200);
  }, 30_000);

  test("the store down: 200, the store named down with its reason, pages still served", async () => {
    // Nothing listens on port 9 (as the dead upstream of the proxy's tests): the shared store never connects.
    const app = portal({ REDIS_URL: "redis://127.0.0.1:9" });
    try {
      expect((await home(app, HOSTS.a)).status).toBe(200);
      await vi.waitFor(
        async () => {
          const ready = await request(app).get("/readyz");
          expect(ready.status).toBe(200);
          expect(ready.body).toMatchObject({
            status: "degraded",
            municipalities: { "comune-a": "ready" },
            store: { state: "down" },
          });
          expect(ready.body.store.reason).toMatch(/Valkey/);
        },
        { timeout: 5000, interval: 100 },
      );
    } finally {
      await useMemoryStore();
    }
  });
});
