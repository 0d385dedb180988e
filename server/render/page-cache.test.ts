import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { startRelay, startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { createHash } from "node:crypto";
import { createXsrfToken, maskXsrfToken } from "#server/security/xsrf.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import type { SsrHandler } from "./public-pages.ts";
import { CITIZENS } from "#tests/support/portal-requests.ts";

// The anonymous page cache through the production build (npm test builds first): what one visitor gets never
// carries another's nonce, XSRF token, flow, flash or personal data.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: SsrHandler;
let renders = 0;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const ssr = await loadSsrHandler();
  // Counts the renders; keeps the build's test of public pages.
  ssrHandler = Object.assign<RequestHandler, Pick<SsrHandler, "publicPage">>(
    (req, res, next) => {
      renders += 1;
      return ssr(req, res, next);
    },
    { publicPage: ssr.publicPage },
  );
});
afterAll(() => sandbox.close());

const A = "comune-a.localhost";
const B = "comune-b.localhost";
const app = (env: Record<string, string> = {}, upstreamUrl = sandbox.url) =>
  testApp({ upstreamUrl, ssrHandler, env: { PAGE_CACHE_TTL_S: "60", ...env } }).app;

const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\ssrc=/.test(m[1]!))
    .map((m) => m[2]!);

describe("anonymous pages", () => {
  test("a page served from the cache counts for its municipality in the metrics, as a rendered one does", async () => {
    const server = app();
    for (let i = 0; i < 3; i++) await request(server).get("/faq").set("Host", B);
    const metrics = (await request(server).get("/metrics").set("Host", B)).text;
    const count = (municipality: string) =>
      Number(
        new RegExp(
          `portal_requests_total\\{municipality="${municipality}",route="page",code="2xx"\\} (\\d+)`,
        ).exec(metrics)?.[1] ?? 0,
      );
    expect(count("comune-b")).toBe(3);
    expect(count("none")).toBe(0);
  });

  test("every anonymous visitor gets the same bytes, without React the second time: no token, no cookie, hashed scripts", async () => {
    const server = app();
    const first = await request(server).get("/").set("Host", A);
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    const before = renders;
    const second = await request(server).get("/").set("Host", A);
    expect(second.status).toBe(200);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(renders).toBe(before);
    expect(second.text).toContain("<title>Servizi online - Comune di Valverde</title>");
    // The first answer (the render) is already the page a cache may keep: the same bytes and the same policy.
    expect(second.text).toBe(first.text);
    for (const res of [first, second]) {
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.text).not.toContain('name="_xsrf"');
      expect(res.text).not.toContain("nonce=");
      expect(res.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
      expect(res.headers.vary).toBe("Accept-Encoding, Cookie");
    }
    const policy = String(second.headers["content-security-policy"]);
    expect(policy).toBe(String(first.headers["content-security-policy"]));
    expect(policy).not.toContain("nonce-");
    // A strict script policy: our own files and exactly the page's inline scripts, by their hashes.
    const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!.split(" ");
    const scripts = inlineScripts(second.text);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scriptSrc.sort()).toEqual(["'self'", ...new Set(scripts.map(hashOf))].sort());
    // Compressed once, at store time, for a visitor who takes gzip.
    const gzipped = await request(server).get("/").set("Host", A).set("Accept-Encoding", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.text).toBe(first.text);

    // Its forms are protected by the same-origin check: the rating form, posted from the page without a token, is
    // accepted from the portal's own origin and refused from another site's (even with a valid token pair).
    const rating = { pagePath: "/", pageTitle: "Home", rating: "5" };
    const fromHere = await request(server)
      .post("/valutazione")
      .set("Host", A)
      .set("Origin", `http://${A}`)
      .set("Sec-Fetch-Site", "same-origin")
      .type("form")
      .send(rating);
    expect(fromHere.status).not.toBe(403);
    const token = createXsrfToken();
    const fromElsewhere = await request(server)
      .post("/valutazione")
      .set("Host", A)
      .set("Origin", "https://attacker.example")
      .set("Sec-Fetch-Site", "cross-site")
      .set("Cookie", `XSRF-TOKEN=${token}`)
      .type("form")
      .send({ _xsrf: maskXsrfToken(token), ...rating });
    expect([400, 403]).toContain(fromElsewhere.status);
  });

  test("a visitor who already holds an XSRF cookie gets the same page, and no new cookie", async () => {
    const server = app();
    const first = await request(server).get("/faq").set("Host", A);
    const token = createXsrfToken();
    const again = await request(server)
      .get("/faq")
      .set("Host", A)
      .set("Cookie", `XSRF-TOKEN=${token}; lang=it`);
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect(again.text).toBe(first.text);
    expect(again.headers["cache-control"]).toMatch(/^public, /);
    // An unknown cookie (analytics, or a session cookie the portal does not know by name) reads the same page, but
    // no cache in front is told it may keep that answer.
    const tracked = await request(server).get("/faq").set("Host", A).set("Cookie", "_ga=GA1.1");
    expect(tracked.headers["x-cache"]).toBe("HIT");
    expect(tracked.headers["cache-control"]).toBe("no-store");
  });

  test("a citizen's page carries his token and cookie, and no cache may keep it", async () => {
    const server = app();
    const session = await loginAs(sandbox.url, CITIZENS.MARIO, hosts.a);
    const citizen = await request(server).get("/").set("Host", A).set("Cookie", session);
    expect(citizen.headers["x-cache"]).toBe("BYPASS");
    expect(citizen.headers["cache-control"]).toBe("no-store");
    expect(citizen.headers["content-security-policy"]).toMatch(/'nonce-[^']+'/);
    expect(String(citizen.headers["set-cookie"])).toMatch(/XSRF-TOKEN=/);
    expect(citizen.text).toMatch(/name="_xsrf" value="[A-Za-z0-9_-]{86}"/);
  });

  test("each municipality has its own pages", async () => {
    const server = app();
    await request(server).get("/").set("Host", A);
    await request(server).get("/").set("Host", B);
    const a = await request(server).get("/").set("Host", A);
    const b = await request(server).get("/").set("Host", B);
    expect([a.headers["x-cache"], b.headers["x-cache"]]).toEqual(["HIT", "HIT"]);
    expect(a.text).toContain("Comune di Valverde");
    expect(a.text).not.toContain("Montealto");
    expect(b.text).toContain("Comune di Montealto");
    expect(b.text).not.toContain("Valverde");
  });

  test("the language is part of the key, and a language switch (it sets a cookie) is never stored", async () => {
    const server = app();
    const switched = await request(server).get("/faq?lang=en").set("Host", A);
    expect(switched.headers["x-cache"]).toBe("MISS");
    expect((await request(server).get("/faq?lang=en").set("Host", A)).headers["x-cache"]).toBe("MISS");
    await request(server).get("/faq").set("Host", A).set("Cookie", "lang=en");
    const english = await request(server).get("/faq").set("Host", A).set("Cookie", "lang=en");
    const italian = await request(server).get("/faq").set("Host", A);
    expect(english.headers["x-cache"]).toBe("HIT");
    expect(english.text).toMatch(/<html[^>]*lang="en"/);
    expect(italian.text).toMatch(/<html[^>]*lang="it"/);
  });
});

describe("what bypasses the cache", () => {
  test.each([
    ["a flow", "flow_booking=sealed-state"],
    ["the maintenance credential", "CITFAC_MAINTENANCE=sealed"],
    ["the development logout", "dev_logout=1"],
    ["a session of the upstream", "SANDBOX_SSO=abc.def"],
  ])("a page requested with %s is never served from nor stored in the cache", async (_label, cookie) => {
    const server = app();
    const personal = await request(server).get("/").set("Host", A).set("Cookie", cookie);
    expect(personal.headers["x-cache"]).toBe("BYPASS");
    // It was not stored: the next anonymous visitor gets a fresh render.
    expect((await request(server).get("/").set("Host", A)).headers["x-cache"]).toBe("MISS");
    // And a cached page is not served to it.
    const before = renders;
    expect((await request(server).get("/").set("Host", A).set("Cookie", cookie)).headers["x-cache"]).toBe(
      "BYPASS",
    );
    expect(renders).toBe(before + 1);
  });

  test("an unknown cookie may read the cache but never fills it", async () => {
    const server = app();
    expect(
      (await request(server).get("/servizi").set("Host", A).set("Cookie", "_ga=1")).headers["x-cache"],
    ).toBe("MISS");
    expect((await request(server).get("/servizi").set("Host", A)).headers["x-cache"]).toBe("MISS");
    expect(
      (await request(server).get("/servizi").set("Host", A).set("Cookie", "_ga=1")).headers["x-cache"],
    ).toBe("HIT");
  });

  test("a logged-in citizen's name never reaches an anonymous visitor", async () => {
    const server = app();
    const session = await loginAs(sandbox.url, CITIZENS.MARIO, hosts.a);
    expect(session).toMatch(/^SANDBOX_SSO=/);
    const citizen = await request(server).get("/").set("Host", A).set("Cookie", session);
    expect(citizen.headers["x-cache"]).toBe("BYPASS");
    expect(citizen.text).toContain("Mario");
    const anonymous = await request(server).get("/").set("Host", A);
    expect(anonymous.text).not.toContain("Mario");
    expect(anonymous.text).not.toContain(CITIZENS.MARIO);
    const cached = await request(server).get("/").set("Host", A);
    expect(cached.headers["x-cache"]).toBe("HIT");
    expect(cached.text).not.toContain("Mario");
    // And the citizen, after anonymous visits filled the cache, still gets his own page.
    const again = await request(server).get("/").set("Host", A).set("Cookie", session);
    expect(again.headers["x-cache"]).toBe("BYPASS");
    expect(again.text).toContain("Mario");
  });

  test("a municipality in maintenance is never cached", async () => {
    const server = app();
    // The first request loads the configuration (a MISS that stores nothing: it is a redirect to the gate).
    expect((await request(server).get("/").set("Host", "comune-c.localhost")).status).toBe(302);
    for (let i = 0; i < 2; i++) {
      const res = await request(server).get("/").set("Host", "comune-c.localhost");
      expect(res.status).toBe(302);
      expect(res.headers["x-cache"]).toBe("BYPASS");
    }
  });

  test("answers other than 200 are not stored", async () => {
    const server = app();
    const first = await request(server).get("/servizi/non-esiste-99999").set("Host", A);
    expect(first.status).not.toBe(200);
    const second = await request(server).get("/servizi/non-esiste-99999").set("Host", A);
    expect(second.headers["x-cache"]).toBe("MISS");
  });

  test("pages outside the list are never cached", async () => {
    const server = app();
    await request(server).get("/valutazione").set("Host", A);
    const res = await request(server).get("/valutazione").set("Host", A);
    expect(res.headers["x-cache"]).toBeUndefined();
  });

  test("during an outage, cached pages are still served; the others render with the notice and are not stored", async () => {
    let up = true;
    const relay = await startTestUpstream((req, res, body) => {
      if (!up) return void res.destroy();
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([n]) => !["host", "content-length", "connection"].includes(n)),
      ) as Record<string, string>;
      fetch(`${sandbox.url}${req.url}`, { method: req.method, headers, body: body === "" ? undefined : body })
        .then(async (r) => {
          res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "text/plain" });
          res.end(Buffer.from(await r.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
    try {
      const server = app({}, relay.url);
      await request(server).get("/").set("Host", A);
      expect((await request(server).get("/").set("Host", A)).headers["x-cache"]).toBe("HIT");
      up = false;
      // A render that meets the outage (the citizen lookup of an anonymous page fails) is not stored...
      const faq = await request(server).get("/faq").set("Host", A);
      expect(faq.text).toContain("Alcuni servizi non sono al momento disponibili.");
      // ...while the cached home page keeps being served: the last good page, not a call to the failing upstream.
      const before = renders;
      const home = await request(server).get("/").set("Host", A);
      expect(home.status).toBe(200);
      expect(home.headers["x-cache"]).toBe("HIT");
      expect(home.text).toContain("<title>Servizi online - Comune di Valverde</title>");
      expect(renders).toBe(before);
      expect((await request(server).get("/faq").set("Host", A)).headers["x-cache"]).toBe("MISS");
    } finally {
      await relay.close();
    }
  });

  test("a configuration change invalidates the municipality's pages", async () => {
    let renamed = false;
    const relay = await startRelay(sandbox.url, (path, json) =>
      renamed && path.endsWith("/configComune/fromtenant")
        ? { ...(json as object), nome: "Valverde Nuova" }
        : json,
    );
    try {
      const server = app({ TENANT_CONFIG_TTL_S: "1" }, relay.url);
      await request(server).get("/").set("Host", A);
      expect((await request(server).get("/").set("Host", A)).headers["x-cache"]).toBe("HIT");
      renamed = true;
      // Within a bounded time (the configuration's TTL is 1 s, the page's 60 s) the new name shows.
      let text = "";
      for (let i = 0; i < 40 && !text.includes("<title>Servizi online - Valverde Nuova"); i++) {
        await new Promise((r) => setTimeout(r, 100));
        text = (await request(server).get("/").set("Host", A)).text;
      }
      expect(text).toContain("<title>Servizi online - Valverde Nuova</title>");
    } finally {
      await relay.close();
    }
  });
});
