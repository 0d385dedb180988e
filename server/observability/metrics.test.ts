import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { HOSTS, postForm } from "#tests/support/portal-requests.ts";
import { useMemoryStore } from "#server/store/shared-store.ts";
import { loadSsrHandler } from "#server/render/load-ssr-handler.ts";

// What an on-call reads on /metrics (docs/operations.md "Metrics and alerts"): per-municipality requests and errors
// (labels from the tenants file only), each municipality's readiness, the shared store's health and latency, the
// build. Rate-limit refusals and the tenants file's reloads have theirs in server/render/maintenance-login.test.ts
// and server/tenants-reload.test.ts; the alert rules that read them are checked against this registry in
// deploy/kubernetes/manifests.test.ts.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const scrape = async (app: Parameters<typeof request>[0]) => (await request(app).get("/metrics")).text;
/** The value of one series, or undefined when it is not exposed. */
const value = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("/metrics", () => {
  test("requests and errors per municipality, never a host that is not in the tenants file", async () => {
    const { app } = testApp({ upstreamUrl: sandbox.url, ssrHandler });
    expect((await request(app).get("/").set("Host", "comune-a.localhost")).status).toBe(200);
    expect((await request(app).get("/faq").set("Host", "comune-b.localhost")).status).toBe(200);
    expect((await request(app).get("/").set("Host", "sconosciuto.example")).status).toBe(404);
    const text = await scrape(app);
    expect(value(text, 'portal_requests_total{municipality="comune-a",route="page",code="2xx"}')).toBe(1);
    expect(value(text, 'portal_requests_total{municipality="comune-b",route="page",code="2xx"}')).toBe(1);
    expect(value(text, 'portal_requests_total{municipality="none",route="page",code="4xx"}')).toBe(1);
    expect(text).not.toContain("sconosciuto");
    expect(text).not.toContain("portal_request_errors_total{");

    // The upstream gone: the municipality's pages answer 502, counted as its errors.
    const { app: cut } = testApp({ upstreamUrl: "http://127.0.0.1:9", ssrHandler });
    expect((await request(cut).get("/").set("Host", "comune-a.localhost")).status).toBe(502);
    const after = await scrape(cut);
    expect(value(after, 'portal_request_errors_total{municipality="comune-a",route="page"}')).toBe(1);
  });

  test("a read shed under overload is counted as shed, not as an error", async () => {
    const { app } = testApp({
      upstreamUrl: sandbox.url,
      ssrHandler,
      lag: () => 1000,
      env: { SHED_LAG_MS: "150", SHED_LAG_MIN_IN_FLIGHT: "0" },
    });
    expect((await request(app).get("/").set("Host", "comune-a.localhost")).status).toBe(503);
    const text = await scrape(app);
    expect(value(text, 'portal_shed_total{kind="page"}')).toBe(1);
    expect(value(text, 'portal_requests_total{municipality="none",route="page",code="5xx"}')).toBe(1);
    expect(text).not.toContain("portal_request_errors_total{");
  });

  test("each municipality's readiness, the build, and the store (in this process: always up)", async () => {
    const { app } = testApp({ upstreamUrl: sandbox.url, ssrHandler });
    await request(app).get("/").set("Host", "comune-a.localhost");
    const text = await scrape(app);
    expect(value(text, 'portal_municipality_state{municipality="comune-a",state="ready"}')).toBe(1);
    expect(value(text, 'portal_municipality_state{municipality="comune-a",state="unavailable"}')).toBe(0);
    expect(value(text, 'portal_municipality_state{municipality="comune-b",state="unavailable"}')).toBe(1);
    expect(text).toMatch(/^portal_build_info\{version="\d+\.\d+\.\d+",node="24\.[\d.]+"\} 1$/m);
    expect(value(text, "portal_store_up")).toBe(1);
  });

  test("the shared store down: portal_store_up 0 and its commands counted as unavailable", async () => {
    const { app } = testApp({
      upstreamUrl: sandbox.url,
      ssrHandler,
      env: { REDIS_URL: "redis://127.0.0.1:9" },
    });
    try {
      // A maintenance login counts its attempt in the store: a command, which finds no Valkey (the process counts).
      const login = await postForm(
        app,
        "/manutenzione",
        { username: "manutentore", password: "sbagliata" },
        "",
        HOSTS.c,
      );
      expect(login.status).toBe(403);
      await vi.waitFor(async () => expect(value(await scrape(app), "portal_store_up")).toBe(0));
      const text = await scrape(app);
      expect(
        value(text, 'portal_store_command_duration_seconds_count{outcome="unavailable"}'),
      ).toBeGreaterThan(0);
    } finally {
      await useMemoryStore();
    }
  });
});
