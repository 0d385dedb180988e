import { describe, expect, test } from "vitest";
import request from "supertest";
import { testApp } from "#tests/support/test-app.ts";
import { createLagWindow, isExemptFromShedding, shouldShed } from "./overload.ts";
import { OPERATIONS_PATHS } from "#server/operational-paths.ts";

describe("the shedding decision", () => {
  const at = (lagMs: number, method = "GET", path = "/") =>
    shouldShed({ lagMs, thresholdMs: 150, method, path });

  test("sheds new page and API reads only past the threshold", () => {
    expect(at(100)).toBe(false);
    expect(at(150)).toBe(false);
    expect(at(151)).toBe(true);
    expect(at(400, "GET", "/api-public/configComune/fromtenant")).toBe(true);
  });
  test("never sheds form posts (they carry a citizen's input)", () => {
    expect(at(1000, "POST", "/valutazione")).toBe(false);
  });
  test("never sheds health endpoints, metrics and static assets", () => {
    for (const path of [...OPERATIONS_PATHS, "/assets/root-abc.js", "/favicon.svg"]) {
      expect(isExemptFromShedding(path)).toBe(true);
      expect(at(1000, "GET", path)).toBe(false);
    }
  });
  test("never sheds the route manifest, the login and logout navigations, the demo identity provider", () => {
    for (const path of [
      "/__manifest",
      "/api/utenti/login",
      "/api/utenti/login/",
      "/api/utenti/logout",
      "/api-public/sandbox-idp/login",
    ]) {
      expect(isExemptFromShedding(path)).toBe(true);
      expect(at(1000, "GET", path)).toBe(false);
    }
    for (const path of [
      "/__manifest/x",
      "/api/utenti/login/extra",
      "/api/utenti/me",
      "/api-public/utenti/login",
    ])
      expect(isExemptFromShedding(path)).toBe(false);
  });
  test("a sustained lag sheds only with enough reads in flight (never on an idle portal)", () => {
    const lagging = (inFlight: number) =>
      shouldShed({ lagMs: 400, thresholdMs: 150, method: "GET", path: "/faq", inFlight, lagMinInFlight: 16 });
    expect(lagging(0)).toBe(false);
    expect(lagging(15)).toBe(false);
    expect(lagging(16)).toBe(true);
  });
  test("a threshold of 0 turns shedding off", () => {
    expect(shouldShed({ lagMs: 10_000, thresholdMs: 0, method: "GET", path: "/" })).toBe(false);
  });
  test("sheds reads past the in-flight cap, whatever the lag; a cap of 0 is no cap", () => {
    const crowd = (inFlight: number, maxInFlight: number, method = "GET", path = "/") =>
      shouldShed({ lagMs: 0, thresholdMs: 150, method, path, inFlight, maxInFlight });
    expect(crowd(63, 64)).toBe(false);
    expect(crowd(64, 64)).toBe(true);
    expect(crowd(1000, 0)).toBe(false);
    expect(crowd(64, 64, "POST", "/valutazione")).toBe(false);
    expect(crowd(64, 64, "GET", "/healthz")).toBe(false);
  });
});

describe("the lag window", () => {
  test("one sample, however late, never moves the sustained lag", () => {
    const window = createLagWindow(6);
    window.record(5_000);
    expect(window.lag()).toBe(0);
    for (let i = 0; i < 5; i++) window.record(2);
    expect(window.lag()).toBe(2);
  });
  test("the lag is the one most of the window reaches: past a threshold only when most samples are", () => {
    const window = createLagWindow(6);
    for (const drift of [400, 300, 500]) window.record(drift);
    expect(window.lag()).toBe(0);
    window.record(200);
    expect(window.lag()).toBe(200);
    window.record(0);
    window.record(0);
    expect(window.lag()).toBe(200);
    // The first lagging sample leaves the window: three of six are not a majority.
    window.record(0);
    expect(window.lag()).toBe(0);
  });
  test("a window of one is the latest sample", () => {
    const window = createLagWindow(1);
    window.record(300);
    expect(window.lag()).toBe(300);
    window.record(0);
    expect(window.lag()).toBe(0);
  });
});

describe("the 503 answer", () => {
  let lag = 0;
  // The lag alone decides here (no reads in flight needed): these tests are about the answer.
  const app = () =>
    testApp({
      upstreamUrl: "http://127.0.0.1:9",
      env: { SHED_LAG_MS: "150", SHED_LAG_MIN_IN_FLIGHT: "0" },
      lag: () => lag,
    }).app;

  test("a page request under lag gets the Italian 503 page with Retry-After and no-store, counted", async () => {
    lag = 500;
    const server = app();
    const res = await request(server).get("/faq").set("Host", "comune-a.localhost");
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.text).toContain("Il portale è molto richiesto in questo momento");
    // The security headers of every page: it may not be framed, sniffed or leak its address.
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBeDefined();
    lag = 0;
    const metrics = await request(server).get("/metrics");
    expect(metrics.text).toContain('portal_shed_total{kind="page"} 1');
  });

  test("an API read under lag gets the JSON error shape", async () => {
    lag = 500;
    const res = await request(app())
      .get("/api-public/configComune/fromtenant")
      .set("Host", "comune-a.localhost");
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 503, details: [] });
    expect(res.body.title).toContain("molto richiesto");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  test("past the in-flight cap a read gets the 503 at once; finished reads free their place", async () => {
    lag = 0;
    // Pages render through a handler that holds the first one until the test lets it go.
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = true;
    const server = testApp({
      upstreamUrl: "http://127.0.0.1:9",
      env: { SHED_LAG_MS: "150", SHED_MAX_IN_FLIGHT: "1" },
      lag: () => lag,
      ssrHandler: (_req, res) => {
        if (!held) return void res.send("pagina");
        held = false;
        arrive();
        void released.then(() => res.send("pagina"));
      },
    }).app;
    // Sequential reads are all served (health is never counted).
    for (let i = 0; i < 2; i++) expect((await request(server).get("/healthz")).status).toBe(200);
    const first = new Promise<request.Response>((resolve, reject) => {
      request(server)
        .get("/faq")
        .set("Host", "comune-a.localhost")
        .end((error, res) => (error ? reject(error) : resolve(res)));
    });
    await arrived;
    const second = await request(server).get("/servizi").set("Host", "comune-a.localhost");
    expect(second.status).toBe(503);
    expect(second.headers["retry-after"]).toBe("5");
    release();
    expect((await first).status).toBe(200);
    // The first one closed: its place is free again.
    expect((await request(server).get("/servizi").set("Host", "comune-a.localhost")).status).toBe(200);
  });

  test("health and metrics answer under lag", async () => {
    lag = 500;
    const server = app();
    expect((await request(server).get("/healthz")).status).toBe(200);
    expect((await request(server).get("/metrics")).status).toBe(200);
  });
});
