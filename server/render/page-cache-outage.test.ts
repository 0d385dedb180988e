import express from "express";
import request from "supertest";
import { describe, expect, test } from "vitest";
import { createMetrics } from "#server/observability/metrics.ts";
import { createXsrfToken } from "#server/security/xsrf.ts";
import { createPageCache } from "./page-cache.ts";

// The page cache during an upstream outage, with a fake clock: the last good anonymous page is served (STALE) rather
// than a render that can only say the services are down; personal visitors still never get a cached page.
const TTL_MS = 10_000;
const VERSION = [{ comune: "Valverde" }];

function setup() {
  let clock = 1_000_000;
  let upstreamUp = true;
  let renders = 0;
  const metrics = createMetrics();
  const cache = createPageCache({
    ttlMs: TTL_MS,
    maxEntries: 10,
    maxBytes: 1024 * 1024,
    identityCookies: ["SANDBOX_SSO"],
    publicPage: (path) => path === "/",
    versionOf: () => VERSION,
    metrics,
    now: () => clock,
  });
  const app = express();
  app.use((req, res, next) => {
    const cookies = Object.fromEntries(
      (req.headers.cookie ?? "")
        .split(";")
        .filter(Boolean)
        .map((c) => c.trim().split("=") as [string, string]),
    );
    res.locals.cookies = cookies;
    res.locals.portalTenant = { id: "comune-a" } as never;
    res.locals.locale = "it";
    res.locals.cspNonce = `nonce${renders}${clock}`;
    res.locals.xsrfToken = createXsrfToken();
    res.locals.services = { xsrfToken: "masked-token" } as never;
    next();
  });
  app.use(cache.middleware);
  // The render: the page's news while the upstream answers; the outage notice (and a failure on record) when not.
  app.use((_req, res) => {
    renders += 1;
    if (!upstreamUp) metrics.upstreamHealth.lastFailureAt = clock;
    res
      .status(200)
      .type("html")
      .send(
        upstreamUp
          ? `<html><body>Notizie del Comune, render ${renders}</body></html>`
          : "<html><body>Alcuni servizi non sono al momento disponibili.</body></html>",
      );
  });
  return {
    get: (cookie = "") => request(app).get("/").set("Cookie", cookie),
    advance: (ms: number) => (clock += ms),
    down: () => (upstreamUp = false),
    failNow: () => (metrics.upstreamHealth.lastFailureAt = clock),
    up: () => (upstreamUp = true),
    renders: () => renders,
  };
}

describe("the page cache during an upstream outage", () => {
  test("a fresh page is served from the cache, not rendered, once the upstream failed", async () => {
    const page = setup();
    expect((await page.get()).headers["x-cache"]).toBe("MISS");
    // Another page's render meets the outage: a failure on record, a moment ago.
    page.advance(100);
    page.failNow();
    page.advance(100);
    const before = page.renders();
    const cached = await page.get();
    expect(cached.headers["x-cache"]).toBe("HIT");
    expect(cached.text).toContain("Notizie del Comune, render 1");
    expect(page.renders()).toBe(before);
  });

  test("a page past its freshness is served (STALE) while the upstream fails, instead of the outage render", async () => {
    const page = setup();
    await page.get();
    page.advance(TTL_MS + 1);
    page.down();
    // The first request past freshness renders (it probes the upstream), meets the outage, and is not stored...
    const probe = await page.get();
    expect(probe.headers["x-cache"]).toBe("MISS");
    expect(probe.text).toContain("Alcuni servizi non sono al momento disponibili.");
    // ...and from then on, while the upstream keeps failing, the last good page is served without a render.
    page.advance(1000);
    const rendersBefore = page.renders();
    const stale = await page.get();
    expect(stale.status).toBe(200);
    expect(stale.headers["x-cache"]).toBe("STALE");
    expect(stale.text).toContain("Notizie del Comune, render 1");
    expect(page.renders()).toBe(rendersBefore);

    // Once the upstream is back (no failure for a while), the page is rendered and stored again.
    page.up();
    page.advance(6000);
    const again = await page.get();
    expect(again.headers["x-cache"]).toBe("MISS");
    expect(again.text).toContain("Notizie del Comune, render 3");
    expect((await page.get()).headers["x-cache"]).toBe("HIT");
  });

  test("a personal visitor is never served a cached page, outage or not", async () => {
    const page = setup();
    await page.get();
    page.advance(TTL_MS + 1);
    page.down();
    await page.get();
    const personal = await page.get("SANDBOX_SSO=abc");
    expect(personal.headers["x-cache"]).toBe("BYPASS");
    expect(personal.text).not.toContain("Notizie del Comune");
  });

  test("the outage window is bounded: past it the page is gone", async () => {
    const page = setup();
    await page.get();
    page.down();
    page.advance(TTL_MS + 61 * 60 * 1000);
    await page.get();
    page.advance(10);
    const late = await page.get();
    expect(late.headers["x-cache"]).toBe("MISS");
    expect(late.text).toContain("Alcuni servizi non sono al momento disponibili.");
  });
});
