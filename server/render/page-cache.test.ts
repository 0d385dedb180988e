import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { startRelay, startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import type { SsrHandler } from "./public-pages.ts";

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

const nonceOf = (res: request.Response) =>
  /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))![1]!;
const xsrfCookieOf = (res: request.Response) =>
  /XSRF-TOKEN=([^;]+)/.exec([res.headers["set-cookie"] ?? []].flat().join("\n"))![1]!;
const xsrfFieldOf = (res: request.Response) => /name="_xsrf" value="([^"]+)"/.exec(res.text)?.[1];

describe("anonymous pages", () => {
  test("a second visitor is served from the cache, without React, with its own nonce and XSRF token", async () => {
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

    const [n1, n2] = [nonceOf(first), nonceOf(second)];
    expect(n1).not.toBe(n2);
    expect(second.text).not.toContain(n1);
    const scripts = second.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${n2}"`);

    const [c1, c2] = [xsrfCookieOf(first), xsrfCookieOf(second)];
    expect(c1).not.toBe(c2);
    const [f1, f2] = [xsrfFieldOf(first), xsrfFieldOf(second)];
    expect(f1).toBeDefined();
    expect(f2).toBeDefined();
    expect(f1).not.toBe(f2);
    expect(second.text).not.toContain(f1!);
    expect(second.headers["cache-control"]).toBe("no-store");

    // Each token is valid with its own cookie only: visitor A's form token with visitor B's cookie is refused.
    const post = (cookie: string, field: string) =>
      request(server)
        .post("/valutazione")
        .set("Host", A)
        .set("Origin", `http://${A}`)
        .set("Cookie", `XSRF-TOKEN=${cookie}`)
        .type("form")
        .send({ _xsrf: field, pagePath: "/", pageTitle: "Home", rating: "5" });
    expect((await post(c2, f1!)).status).toBe(403);
    expect((await post(c1, f2!)).status).toBe(403);
    expect((await post(c2, f2!)).status).not.toBe(403);
  });

  test("a visitor who already holds an XSRF cookie gets a page with that token and no new cookie", async () => {
    const server = app();
    const first = await request(server).get("/faq").set("Host", A);
    const token = xsrfCookieOf(first);
    const again = await request(server)
      .get("/faq")
      .set("Host", A)
      .set("Cookie", `XSRF-TOKEN=${token}; _ga=GA1.1`);
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.headers["set-cookie"]).toBeUndefined();
    const field = xsrfFieldOf(again);
    const post = await request(server)
      .post("/valutazione")
      .set("Host", A)
      .set("Origin", `http://${A}`)
      .set("Cookie", `XSRF-TOKEN=${token}`)
      .type("form")
      .send({ _xsrf: field, pagePath: "/faq", pageTitle: "FAQ", rating: "5" });
    expect(post.status).not.toBe(403);
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
    const session = await loginAs(sandbox.url, "RSSMRA80A01H501U", hosts.a);
    expect(session).toMatch(/^SANDBOX_SSO=/);
    const citizen = await request(server).get("/").set("Host", A).set("Cookie", session);
    expect(citizen.headers["x-cache"]).toBe("BYPASS");
    expect(citizen.text).toContain("Mario");
    const anonymous = await request(server).get("/").set("Host", A);
    expect(anonymous.text).not.toContain("Mario");
    expect(anonymous.text).not.toContain("RSSMRA80A01H501U");
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
