import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import request from "supertest";
import { RELAY_EVERYTHING, testApp } from "#tests/support/test-app.ts";

// The /api fast path (docs/decisions/page-cache.md): no HTML security work, a pooled keep-alive hop upstream.
let upstream: Server | undefined;
afterEach(() => new Promise<void>((done) => (upstream ? upstream.close(() => done()) : done())));

async function countingUpstream() {
  const sockets = new Set<unknown>();
  const connections: string[] = [];
  upstream = createServer((req, res) => {
    connections.push(String(req.headers.connection));
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
  upstream.keepAliveTimeout = 65_000;
  upstream.on("connection", (s) => sockets.add(s));
  await new Promise<void>((done) => upstream!.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  return { url, sockets, connections };
}

test("proxied answers skip the page's CSP and nonce: a strict policy and nosniff; calls share one keep-alive connection", async () => {
  const u = await countingUpstream();
  const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
  for (let i = 0; i < 3; i++) {
    const res = await request(app)
      .get("/api-public/configComune/fromtenant")
      .set("Host", "comune-a.localhost");
    expect(res.status).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-encoding"]).toBeUndefined();
  }
  // HTTP/1.1 keeps the connection unless told otherwise: the browser's `Connection: close` is not relayed.
  expect(u.connections).not.toContain("close");
  expect(u.connections).toHaveLength(3);
  expect(u.sockets.size).toBe(1);
});

test("a proxied mutation without the XSRF header is still refused before the upstream", async () => {
  const u = await countingUpstream();
  const { app } = testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url });
  const res = await request(app)
    .post("/api-public/feedback")
    .set("Host", "comune-a.localhost")
    .send({ a: 1 });
  expect(res.status).toBe(403);
  expect(u.connections).toHaveLength(0);
});

test("the proxy's own refusals carry nosniff, and HSTS behind TLS, like the answers it relays", async () => {
  const u = await countingUpstream();
  const product = testApp({ upstreamUrl: u.url, env: { TRUST_PROXY: "loopback" } }).app;
  const refusals = [
    // Not in the allow list: 404. An allowed call with a parameter it does not take: 400. A dot segment: 400.
    request(product).get("/api/utenti/qualcosa").set("Host", "comune-a.localhost"),
    request(product).get("/api/utenti/logout?x=1").set("Host", "comune-a.localhost"),
    request(product).get("/api/utenti/%2e%2e/me").set("Host", "comune-a.localhost"),
    // An unknown municipality: 404; a mutation without the XSRF header: 403.
    request(product).get("/api/utenti/logout").set("Host", "sconosciuto.example"),
    request(
      testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url, env: { TRUST_PROXY: "loopback" } }).app,
    )
      .post("/api-public/feedback")
      .set("Host", "comune-a.localhost")
      .send({ a: 1 }),
  ];
  const statuses = [];
  for (const res of await Promise.all(refusals)) {
    statuses.push(res.status);
    expect(res.headers["x-content-type-options"], `${res.status} ${res.text}`).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d+; includeSubDomains$/);
  }
  expect(statuses).toEqual([404, 400, 400, 404, 403]);
  expect(u.connections).toHaveLength(0);
  // Without TLS declared (no TRUST_PROXY): nosniff, no HSTS.
  const plain = await request(testApp({ upstreamUrl: u.url }).app)
    .get("/api/utenti/qualcosa")
    .set("Host", "comune-a.localhost");
  expect(plain.status).toBe(404);
  expect(plain.headers["x-content-type-options"]).toBe("nosniff");
  expect(plain.headers["strict-transport-security"]).toBeUndefined();
});
