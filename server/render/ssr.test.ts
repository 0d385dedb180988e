import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { startRelay, startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { addressOf } from "#client/lib/rendered-address.ts";

// Drives the production build (npm test builds first) through the real Express app and the sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const app = () => testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;

describe("server rendering", () => {
  test("renders the municipality's home page with a per-request nonce on every script", async () => {
    // With the page cache off: an anonymous public page is otherwise the same for everyone, its scripts hashed
    // (page-cache.test.ts).
    const app = () => testApp({ upstreamUrl: sandbox.url, ssrHandler, env: { PAGE_CACHE_TTL_S: "0" } }).app;
    const res = await request(app()).get("/").set("Host", "comune-a.localhost");
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Servizi online - Comune di Valverde</title>");
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))![1];
    const scripts = res.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = await request(app()).get("/").set("Host", "comune-a.localhost");
    expect(again.headers["content-security-policy"]).not.toContain(nonce);
  });

  test("another host is another municipality", async () => {
    const res = await request(app()).get("/").set("Host", "comune-b.localhost");
    expect(res.text).toContain("<title>Servizi online - Comune di Montealto</title>");
    expect(res.text).not.toContain("Valverde");
  });

  test("each document names the address it was rendered for as the browser computes it, cached ones too", async () => {
    // client/lib/rendered-address.ts: the entry reloads a document whose address is not the browser's.
    const server = app();
    const paths = [
      "/",
      "/argomenti?lang=en&x=1",
      "/non-esiste?x=%C3%A8",
      "/faq?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    ];
    for (const path of paths) {
      for (const round of [1, 2]) {
        const res = await request(server).get(path).set("Host", "comune-b.localhost");
        const named = /<html [^>]*data-rendered-for="([^"]*)"/.exec(res.text)?.[1]?.replaceAll("&amp;", "&");
        expect(named, `${path}, answer ${round}`).toBe(addressOf(new URL(path, "http://comune-b.localhost")));
      }
    }
  });

  test("an unknown path is a 404 page in Italian", async () => {
    const res = await request(app()).get("/non-esiste").set("Host", "comune-a.localhost");
    expect(res.status).toBe(404);
    expect(res.text).toContain("Pagina non trovata");
  });

  test("a municipality in maintenance sends every page to the gate, which answers 503", async () => {
    const server = app();
    const res = await request(server).get("/faq").set("Host", "comune-c.localhost");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/manutenzione?redirectTo=%2Ffaq");
    const gate = await request(server).get("/manutenzione").set("Host", "comune-c.localhost");
    expect(gate.status).toBe(503);
    expect(gate.text).toContain("Nome utente");
  });

  test("a form post without the XSRF field, from a sender it cannot name, is refused with 403", async () => {
    const res = await request(app())
      .post("/manutenzione")
      .set("Host", "comune-c.localhost")
      .type("form")
      .send({ username: "manutentore", password: "Roccaserena-2026" });
    expect(res.status).toBe(403);
    expect(res.headers["set-cookie"]?.toString() ?? "").not.toContain("CITFAC_MAINTENANCE=");
  });

  test("the login's redirector is honoured only as a same-origin path", async () => {
    const server = app();
    const ok = await request(server)
      .get("/area-personale?redirector=%2Ffaq")
      .set("Host", "comune-a.localhost");
    expect(ok.headers.location).toBe("/faq");
    const evil = await request(server)
      .get("/area-personale?redirector=%2F%2Fevil.example")
      .set("Host", "comune-a.localhost");
    expect(evil.headers.location).toBe("/area-personale");
  });

  test("a route needing an asset the municipality lacks redirects to the not-available page", async () => {
    // Every sandbox municipality has APPSCHED: relay the sandbox with the asset taken out of the configuration.
    const relay = await startRelay(sandbox.url, (path, json) =>
      path.endsWith("/fromtenant")
        ? {
            ...(json as { assets: Array<{ codice: string }> }),
            assets: (json as { assets: Array<{ codice: string }> }).assets.filter(
              (a) => a.codice !== "APPSCHED",
            ),
          }
        : json,
    );
    try {
      const withAsset = await request(app())
        .get("/servizi/prenotazione-appuntamento")
        .set("Host", "comune-a.localhost");
      expect(withAsset.status).toBeLessThan(400);
      expect(withAsset.headers.location ?? "").not.toContain("/servizio-non-disponibile");
      const server = testApp({ upstreamUrl: relay.url, ssrHandler }).app;
      const res = await request(server)
        .get("/servizi/prenotazione-appuntamento")
        .set("Host", "comune-a.localhost");
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("/servizio-non-disponibile");
      const target = await request(server).get(res.headers.location!).set("Host", "comune-a.localhost");
      expect(target.status).toBe(200);
      expect(target.text).toContain("Servizio non disponibile - Comune di Valverde");
    } finally {
      await relay.close();
    }
  });
});

test("/readyz says which municipalities' configuration is held: ready once each one's pages were served", async () => {
  const portal = app();
  const before = await request(portal).get("/readyz");
  // Nothing loaded yet (no warm-up here): 200 all the same, every municipality unavailable.
  expect(before.status).toBe(200);
  expect(before.body).toEqual({
    status: "degraded",
    municipalities: { "comune-a": "unavailable", "comune-b": "unavailable", "comune-c": "unavailable" },
  });
  for (const host of ["comune-a.localhost", "comune-b.localhost", "comune-c.localhost"])
    expect((await request(portal).get("/").set("Host", host)).status).toBeLessThan(400);
  const res = await request(portal).get("/readyz");
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    status: "ready",
    municipalities: { "comune-a": "ready", "comune-b": "ready", "comune-c": "ready" },
  });
});

describe("server rendering when the upstream fails", () => {
  test("an upstream that refuses connections gives an Italian error page with 502", async () => {
    const { app: server } = testApp({ upstreamUrl: "http://127.0.0.1:9", ssrHandler });
    const res = await request(server).get("/").set("Host", "comune-a.localhost");
    expect(res.status).toBe(502);
    expect(res.text).toContain("Servizio non disponibile");
    expect(res.text).toContain('lang="it"');
  });

  test("an upstream answering garbage gives an Italian error page with 502, and the server keeps serving", async () => {
    const garbage = await startTestUpstream((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{not json");
    });
    try {
      const { app: server } = testApp({ upstreamUrl: garbage.url, ssrHandler });
      const res = await request(server).get("/").set("Host", "comune-a.localhost");
      expect(res.status).toBe(502);
      expect((await request(server).get("/healthz")).status).toBe(200);
    } finally {
      await garbage.close();
    }
  });
});

describe("personal answers and cookies", () => {
  test("pages are never cacheable and vary by cookie (they carry the visitor's token, maybe the citizen)", async () => {
    for (const path of ["/", "/area-personale", "/servizi/prenotazione-appuntamento"]) {
      const res = await request(app()).get(path).set("Host", "comune-a.localhost");
      expect(res.headers["cache-control"], path).toBe("no-store");
      expect(res.headers.vary, path).toContain("Cookie");
    }
  });

  test("behind a trusted TLS proxy the language cookie is Secure", async () => {
    const { app: server } = testApp({
      upstreamUrl: sandbox.url,
      ssrHandler,
      env: { TRUST_PROXY: "loopback" },
    });
    const res = await request(server)
      .get("/?lang=en")
      .set("Host", "comune-a.localhost")
      .set("X-Forwarded-Proto", "https");
    const lang = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("lang="));
    expect(lang).toMatch(/;\s*Secure/);
  });
});
