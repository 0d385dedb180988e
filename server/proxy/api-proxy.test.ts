import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import type { Express } from "express";
import request from "supertest";
import { serialize } from "cookie";
import { createMaintenanceSealers } from "#server/middleware/maintenance-credential.ts";
import { startTestUpstream, RELAY_EVERYTHING, testApp } from "#tests/support/test-app.ts";
import { CITIZENS, HOSTS, xsrfToken } from "#tests/support/portal-requests.ts";

const HOST = HOSTS.a;
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function upstream(handler: Parameters<typeof startTestUpstream>[0]) {
  const u = await startTestUpstream(handler);
  closers.push(u.close);
  return u;
}

/** The app on a real port, for requests supertest would rewrite or could not watch being cut off. */
async function listen(app: Express) {
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return (server.address() as AddressInfo).port;
}

type RawAnswer = { status: number; body: string; complete: boolean };

/** Sends `path` exactly as written and reports whether the answer arrived whole. */
function rawGet(port: number, path: string) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path, headers: { host: HOST }, agent: false },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("error", () => undefined);
        res.on("close", () => resolve({ status: res.statusCode ?? 0, body, complete: res.complete }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const json = (status: number, body: unknown) => (_req: unknown, res: import("node:http").ServerResponse) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

describe("the /api proxy", () => {
  test("forwards GETs with the tenant's upstream host and relays the answer", async () => {
    const u = await upstream(json(200, { ok: true }));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).get("/api-public/crm/services?x=1").set("Host", HOST);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(u.received[0]!.url).toBe("/api-public/crm/services?x=1");
    expect(u.received[0]!.headers["x-forwarded-host"]).toBe("servizi.comune.valverde.it");
  });

  test("drops client-sent Authorization, forwarding and identity headers", async () => {
    const u = await upstream(json(200, {}));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    await request(app)
      .get("/api/utenti/me")
      .set("Host", HOST)
      .set("Authorization", "Basic ZXZpbDpldmls")
      .set("X-Forwarded-Host", "servizi.comune.montealto.it")
      .set("X-Forwarded-For", "6.6.6.6")
      .set("shib-identita-codicefiscale", CITIZENS.MARIO)
      .set("X-XSRF-TOKEN", "whatever");
    const headers = u.received[0]!.headers;
    expect(headers.authorization).toBeUndefined();
    expect(headers["x-forwarded-host"]).toBe("servizi.comune.valverde.it");
    expect(headers["x-forwarded-for"]).not.toContain("6.6.6.6");
    expect(headers["shib-identita-codicefiscale"]).toBeUndefined();
    expect(headers["x-xsrf-token"]).toBeUndefined();
  });

  test("forwards the identity headers configured as trusted", async () => {
    const u = await upstream(json(200, {}));
    const { app } = testApp({
      proxyRoutes: RELAY_EVERYTHING,
      upstreamUrl: u.url,
      env: { TRUSTED_IDENTITY_HEADERS: "shib-identita-codicefiscale", TRUST_PROXY: "loopback" },
    });
    await request(app)
      .get("/api/utenti/me")
      .set("Host", HOST)
      .set("shib-identita-codicefiscale", CITIZENS.MARIO)
      .set("shib-identita-nome", "Mario");
    expect(u.received[0]!.headers["shib-identita-codicefiscale"]).toBe(CITIZENS.MARIO);
    expect(u.received[0]!.headers["shib-identita-nome"]).toBeUndefined();
  });

  test("ignores identity headers from a peer that is not a trusted proxy", async () => {
    const u = await upstream(json(200, {}));
    const { app } = testApp({
      proxyRoutes: RELAY_EVERYTHING,
      upstreamUrl: u.url,
      env: { TRUSTED_IDENTITY_HEADERS: "shib-identita-codicefiscale", TRUST_PROXY: "10.0.0.0/8" },
    });
    await request(app)
      .get("/api/utenti/me")
      .set("Host", HOST)
      .set("shib-identita-codicefiscale", CITIZENS.MARIO);
    expect(u.received[0]!.headers["shib-identita-codicefiscale"]).toBeUndefined();
  });

  test("passes cookies both ways and keeps upstream cookies first-party", async () => {
    const u = await upstream((_req, res) => {
      res.writeHead(200, {
        "content-type": "application/json",
        "set-cookie": "SESSION=abc; Domain=backend.internal; Path=/; HttpOnly",
      });
      res.end("{}");
    });
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app)
      .get("/api-public/utenti/me")
      .set("Host", HOST)
      .set("Cookie", "SESSION=old; XSRF-TOKEN=abc; flow_booking=sealed; lang=en");
    expect(u.received[0]!.headers.cookie).toBe("SESSION=old");
    const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    const session = cookies.find((c) => c.startsWith("SESSION="))!;
    expect(session).toContain("HttpOnly");
    expect(session.toLowerCase()).not.toContain("domain");
  });

  test("sends the sealed maintenance credential upstream as HTTP Basic", async () => {
    const u = await upstream(json(200, {}));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const sealer = createMaintenanceSealers({
      current: "test-secret-test-secret-test-secret-0123",
    }).credential;
    const sealed = sealer.seal(JSON.stringify({ username: "manutentore", password: "segreto" }));
    await request(app)
      .get("/api-public/crm/services")
      .set("Host", HOST)
      .set("Cookie", `CITFAC_MAINTENANCE=${sealed}`);
    expect(u.received[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from("manutentore:segreto").toString("base64")}`,
    );
  });

  test("refuses mutations without the XSRF token, in Italian, without calling upstream", async () => {
    const u = await upstream(json(201, {}));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).post("/api-public/feedback").set("Host", HOST).send({ rating: 5 });
    expect(res.status).toBe(403);
    expect(res.body.title).toMatch(/Ricarica la pagina/);
    expect(u.received).toHaveLength(0);
  });

  test("streams mutations with a matching XSRF token", async () => {
    const u = await upstream((_req, res, body) => {
      res.writeHead(201, { "content-type": "application/json" });
      res.end(body);
    });
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const xsrf = xsrfToken();
    const res = await request(app)
      .post("/api-public/feedback")
      .set("Host", HOST)
      .set("Cookie", serialize("XSRF-TOKEN", xsrf.token))
      .set("X-XSRF-TOKEN", xsrf.token)
      .send({ rating: 5, details: "ciao" });
    expect(res.status).toBe(201);
    expect(JSON.parse(u.received[0]!.body)).toEqual({ rating: 5, details: "ciao" });
  });

  test("answers 502 with an Italian body when the upstream refuses connections", async () => {
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: "http://127.0.0.1:9" });
    const res = await request(app).get("/api-public/crm/services").set("Host", HOST);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ status: 502, title: expect.stringContaining("non è raggiungibile") });
  });

  test("answers 504 when the upstream hangs past the timeout", async () => {
    const u = await upstream(() => {
      /* never answers */
    });
    const { app } = testApp({
      proxyRoutes: RELAY_EVERYTHING,
      upstreamUrl: u.url,
      env: { UPSTREAM_TIMEOUT_MS: "200" },
    });
    const res = await request(app).get("/api-public/crm/services").set("Host", HOST);
    expect(res.status).toBe(504);
    expect(res.body.title).toContain("non ha risposto in tempo");
  });

  test("replaces an upstream error page that is not JSON with a 502 in Italian", async () => {
    const u = await upstream((_req, res) => {
      res.writeHead(500, { "content-type": "text/html" });
      res.end("<html>Whitelabel Error Page</html>");
    });
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).get("/api-public/crm/services").set("Host", HOST);
    expect(res.status).toBe(502);
    expect(res.body.title).toMatch(/Comune/);
  });

  test("answers 502 to a malformed HTTP answer and keeps serving", async () => {
    const u = await upstream((req) => {
      req.socket.end("HTTP/1.1 ??? garbage\r\n\r\n");
    });
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).get("/api-public/crm/services").set("Host", HOST);
    expect(res.status).toBe(502);
    const again = await request(app).get("/healthz");
    expect(again.status).toBe(200);
  });

  test("rewrites upstream Location headers that name the upstream host", async () => {
    const u = await upstream((_req, res) => {
      res.writeHead(302, { location: "https://servizi.comune.valverde.it/area-personale?redirector=%2Ffaq" });
      res.end();
    });
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).get("/api/utenti/login?redirector=%2Ffaq").set("Host", HOST);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/area-personale?redirector=%2Ffaq");
  });

  test.each(["//evil.example", "https://evil.example", "/\\evil.example", "%2F%2Fevil.example"])(
    "login navigation replaces the redirector %s with the personal area",
    async (redirector) => {
      const u = await upstream((_req, res) => {
        res.writeHead(302, { location: "/area-personale" });
        res.end();
      });
      const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
      await request(app)
        .get(`/api/utenti/login?redirector=${encodeURIComponent(redirector)}`)
        .set("Host", HOST);
      const forwarded = new URL(u.received[0]!.url, "http://x");
      expect(forwarded.searchParams.get("redirector")).toBe("/area-personale");
    },
  );
});

describe("requests the portal refuses itself", () => {
  test("an unknown host gets a 404 page and no upstream call", async () => {
    const u = await upstream(json(200, {}));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const page = await request(app).get("/").set("Host", "evil.example");
    expect(page.status).toBe(404);
    expect(page.text).toContain("Comune non trovato");
    const api = await request(app).get("/api-public/utenti/me").set("Host", "evil.example");
    expect(api.status).toBe(404);
    expect(u.received).toHaveLength(0);
  });

  test("a malformed host gets a 400 in Italian", async () => {
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: "http://127.0.0.1:9" });
    const res = await request(app).get("/").set("Host", "bad_host!");
    expect(res.status).toBe(400);
    expect(res.text).toContain("Richiesta non valida");
  });

  test("a body over the limit gets 413 before reaching the upstream", async () => {
    const u = await upstream(json(201, {}));
    const { app } = testApp({
      proxyRoutes: RELAY_EVERYTHING,
      upstreamUrl: u.url,
      env: { BODY_LIMIT: "1kb" },
    });
    const xsrf = xsrfToken();
    const res = await request(app)
      .post("/api-public/feedback")
      .set("Host", HOST)
      .set("Cookie", xsrf.cookie)
      .set("X-XSRF-TOKEN", xsrf.token)
      .send({ details: "x".repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.body.title).toContain("troppo grande");
    expect(u.received).toHaveLength(0);
  });

  test("an invalid cookie header is ignored, not a 500", async () => {
    const u = await upstream(json(200, { ok: 1 }));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app)
      .get("/api-public/crm/services")
      .set("Host", HOST)
      .set("Cookie", "%%%; =; XSRF-TOKEN=\u00ff");
    expect(res.status).toBe(200);
  });

  test("issues an XSRF-TOKEN cookie readable by scripts", async () => {
    const u = await upstream(json(200, {}));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).get("/api-public/crm/services").set("Host", HOST);
    const cookie = ([] as string[])
      .concat(res.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("XSRF-TOKEN="))!;
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("HttpOnly");
  });
});

describe("logs", () => {
  test("never contain cookies, Authorization, identity headers or fiscal codes", async () => {
    const u = await upstream(json(200, {}));
    const { app, logs } = testApp({
      proxyRoutes: RELAY_EVERYTHING,
      upstreamUrl: u.url,
      env: { TRUSTED_IDENTITY_HEADERS: "shib-identita-codicefiscale", TRUST_PROXY: "loopback" },
    });
    await request(app)
      .get(`/api/ppay/citizens/${CITIZENS.MARIO}/debtpositions?codice_fiscale=${CITIZENS.MARIO}`)
      .set("Host", HOST)
      .set("Cookie", "SESSION=supersecretcookie")
      .set("Authorization", "Basic c2VncmV0bzpzZWdyZXRv")
      .set("shib-identita-codicefiscale", CITIZENS.MARIO);
    const all = logs.lines.join("\n");
    expect(all).toContain("/api/ppay/citizens/[cf]/debtpositions");
    expect(all).not.toContain(CITIZENS.MARIO);
    expect(all).not.toContain("supersecretcookie");
    expect(all).not.toContain("c2VncmV0bzpzZWdyZXRv");
  });
});

describe("operations", () => {
  test("/healthz and /readyz answer without an upstream: readiness says no municipality's configuration is held", async () => {
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: "http://127.0.0.1:9" });
    expect((await request(app).get("/healthz")).status).toBe(200);
    const ready = await request(app).get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: "degraded",
      municipalities: { "comune-a": "unavailable", "comune-b": "unavailable", "comune-c": "unavailable" },
    });
  });

  test("/metrics exposes request, upstream and cache metrics", async () => {
    const u = await upstream(json(200, {}));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    await request(app).get("/api-public/crm/services").set("Host", HOST);
    const res = await request(app).get("/metrics");
    expect(res.text).toContain('portal_http_request_duration_seconds_count{route="proxy:api-public"');
    expect(res.text).toContain('portal_upstream_request_duration_seconds_count{service="proxy"');
    expect(res.text).toContain("portal_cache_events_total");
  });
});

describe("the policy of a relayed answer", () => {
  const page = (csp?: string) => (_req: unknown, res: import("node:http").ServerResponse) => {
    res.writeHead(200, { "content-type": "text/html", ...(csp ? { "content-security-policy": csp } : {}) });
    res.end("<!doctype html><title>x</title><script>alert(1)</script>");
  };

  test("an upstream page without a policy of its own runs nothing and may not be framed", async () => {
    const u = await upstream(page());
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).get("/api-public/errore").set("Host", HOST);
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  test("an upstream page's own policy goes with it (the demo login page allows its one script by hash)", async () => {
    const own = "default-src 'none'; script-src 'sha256-abc'; frame-ancestors 'none'";
    const u = await upstream(page(own));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).get("/api-public/sandbox-idp/login").set("Host", HOST);
    expect(res.headers["content-security-policy"]).toBe(own);
  });
});

describe("path tricks", () => {
  const INVALID = { status: 400, title: "Indirizzo della richiesta non valido.", details: [] };

  test.each([
    "/api/..;/api-admin/x",
    "/api/utenti/../../api-admin/x",
    "/api-public/%2e%2e/api-admin/x",
    "/api-public/crm%2f..%2fadmin",
    "/api/utenti%5c..%5cadmin",
    "/api/utenti/me%00",
    "/api/utenti/%252e%252e/admin",
    "/api/utenti;jsessionid=x/me",
    "/x/../api/utenti/me",
    "/api//utenti/login?redirector=%2F%2Fevil.example",
    "/x/../api/utenti/login?redirector=%2F%2Fevil.example",
    "/x/%2e%2e/api/utenti/me",
  ])("%s gets a 400 in Italian and never reaches the upstream", async (path) => {
    const u = await upstream(json(200, { leaked: true }));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).get(path).set("Host", HOST);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(u.received).toHaveLength(0);
  });

  test("a raw backslash is refused too", async () => {
    const u = await upstream(json(200, { leaked: true }));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const answer = await rawGet(await listen(app), "/api/utenti\\..\\admin");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual(INVALID);
    expect(u.received).toHaveLength(0);
  });

  test("a mutation cannot slip past the XSRF check through a dot segment", async () => {
    const u = await upstream(json(201, {}));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).post("/x/../api-public/feedback").set("Host", HOST).send({ rating: 1 });
    expect(res.status).toBe(400);
    expect(u.received).toHaveLength(0);
  });

  test("ordinary paths, encoded spaces and accents and encoded query values pass unchanged", async () => {
    const u = await upstream(json(200, {}));
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    for (const path of [
      "/api-public/crm/knowledge_bases/1/search?q=a%2Fb",
      "/api-public/comuni/Citt%C3%A8%20alta/servizi",
      "/api/utenti/me?x=..%2F..%2F",
    ]) {
      const res = await request(app).get(path).set("Host", HOST);
      expect(res.status).toBe(200);
    }
    expect(u.received.map((r) => r.url)).toEqual([
      "/api-public/crm/knowledge_bases/1/search?q=a%2Fb",
      "/api-public/comuni/Citt%C3%A8%20alta/servizi",
      "/api/utenti/me?x=..%2F..%2F",
    ]);
  });
});

describe("the total deadline", () => {
  /** Writes `write(i)` every 50 ms, `count` times, then `end()`; stops when the portal hangs up. */
  function drip(
    socketWrite: (chunk: string) => void,
    count: number,
    chunk: (i: number) => string,
    end: () => void,
  ) {
    let i = 0;
    const timer = setInterval(() => {
      if (i === count) {
        clearInterval(timer);
        end();
        return;
      }
      socketWrite(chunk(i++));
    }, 50);
    return () => clearInterval(timer);
  }

  async function deadlineErrors(metrics: import("#server/observability/metrics.ts").Metrics) {
    const { values } = await metrics.upstreamErrors.get();
    return values.find((v) => v.labels.service === "proxy" && v.labels.kind === "deadline")?.value ?? 0;
  }

  test("cuts off an answer whose body drips past the deadline, although it never goes idle", async () => {
    const u = await upstream((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const stop = drip(
        (c) => res.write(c),
        40,
        (i) => (i === 0 ? "[0" : ",0"),
        () => res.end("]"),
      );
      res.on("close", stop);
    });
    const { app, metrics, logs } = testApp({
      proxyRoutes: RELAY_EVERYTHING,
      upstreamUrl: u.url,
      env: { UPSTREAM_TIMEOUT_MS: "1000", UPSTREAM_DEADLINE_MS: "300" },
    });
    const answer = await rawGet(await listen(app), "/api-public/crm/services");
    expect(answer.status).toBe(200);
    expect(answer.complete).toBe(false);
    expect(answer.body.endsWith("]")).toBe(false);
    expect(await deadlineErrors(metrics)).toBe(1);
    expect(logs.lines.join("\n")).toContain("proxy deadline passed while streaming");
  });

  test("answers 504 in Italian when the headers drip past the deadline", async () => {
    const u = await upstream((req) => {
      req.socket.write("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n");
      const stop = drip(
        (c) => req.socket.write(c),
        40,
        (i) => `x-drip-${i}: 1\r\n`,
        () => req.socket.end("content-length: 2\r\n\r\n{}"),
      );
      req.socket.on("close", stop);
    });
    const { app, metrics } = testApp({
      proxyRoutes: RELAY_EVERYTHING,
      upstreamUrl: u.url,
      env: { UPSTREAM_TIMEOUT_MS: "1000", UPSTREAM_DEADLINE_MS: "300" },
    });
    const res = await request(app).get("/api-public/crm/services").set("Host", HOST);
    expect(res.status).toBe(504);
    expect(res.body).toEqual({
      status: 504,
      title: "Il servizio del Comune non ha risposto in tempo. Riprova tra qualche minuto.",
      details: [],
    });
    expect(await deadlineErrors(metrics)).toBe(1);
  });

  test("leaves answers that finish in time alone", async () => {
    // `/slow` never answers: its deadline firing proves the first answer's deadline has passed too.
    const u = await upstream((req, res) => {
      if (req.url?.includes("slow")) return;
      json(200, { ok: true })(req, res);
    });
    const { app, metrics } = testApp({
      proxyRoutes: RELAY_EVERYTHING,
      upstreamUrl: u.url,
      env: { UPSTREAM_TIMEOUT_MS: "5000", UPSTREAM_DEADLINE_MS: "300" },
    });
    const res = await request(app).get("/api-public/crm/services").set("Host", HOST);
    expect(res.body).toEqual({ ok: true });
    const late = await request(app).get("/api-public/crm/slow").set("Host", HOST);
    expect(late.status).toBe(504);
    // Only the late one counts: the answer that finished in time left no deadline behind.
    expect(await deadlineErrors(metrics)).toBe(1);
  });
});

describe("cookies behind TLS and cacheability of the citizen's answers", () => {
  const session = (_req: unknown, res: import("node:http").ServerResponse) => {
    res.writeHead(200, {
      "content-type": "application/json",
      "set-cookie": ["SANDBOX_SSO=abc; Path=/; HttpOnly; Domain=upstream.example"],
    });
    res.end('{"nome":"Maria"}');
  };

  test("over TLS (X-Forwarded-Proto from a trusted proxy) relayed upstream cookies are Secure", async () => {
    const u = await upstream(session);
    const { app } = testApp({
      proxyRoutes: RELAY_EVERYTHING,
      upstreamUrl: u.url,
      env: { TRUST_PROXY: "loopback" },
    });
    const res = await request(app)
      .get("/api-public/utenti/me")
      .set("Host", HOST)
      .set("X-Forwarded-Proto", "https");
    const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    const sso = cookies.find((c) => c.startsWith("SANDBOX_SSO="));
    expect(sso).toMatch(/;\s*Secure/);
    expect(sso).not.toMatch(/domain=/i);
    expect(cookies.find((c) => c.startsWith("XSRF-TOKEN="))).toMatch(/;\s*Secure/);
  });

  test("over plain HTTP they are not (the browser would drop them)", async () => {
    const u = await upstream(session);
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).get("/api-public/utenti/me").set("Host", HOST);
    const sso = ([] as string[])
      .concat(res.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("SANDBOX_SSO="));
    expect(sso).not.toMatch(/Secure/);
  });

  test("the citizen's upstream answers are not cacheable and vary by cookie", async () => {
    const u = await upstream(session);
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).get("/api-public/utenti/me").set("Host", HOST);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.vary).toContain("Cookie");
  });

  test("an upstream that says how to cache keeps its word", async () => {
    const u = await upstream((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=60" });
      res.end("{}");
    });
    const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
    const res = await request(app).get("/api-public/configComune/fromtenant").set("Host", HOST);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
  });
});
