import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { readFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import express, { type Express } from "express";
import pino from "pino";
import { Pool } from "undici";
import type { Tenant } from "#config/tenants.ts";
import { parseCookies } from "#server/middleware/cookies.ts";
import { createMetrics } from "#server/observability/metrics.ts";
import { apiProxy } from "./api-proxy.ts";
import { serialize } from "cookie";
import { RELAY_EVERYTHING, testApp } from "#tests/support/test-app.ts";
import { HOSTS, xsrfToken } from "#tests/support/portal-requests.ts";

// The hand-written pipe of the lean proxy (docs/decisions/lean-proxy.md), watched on real sockets on both sides.
const HOST = HOSTS.a;
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function listen(server: Server): Promise<number> {
  const sockets = new Set<Socket>();
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  closers.push(
    () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  );
  return (server.address() as AddressInfo).port;
}

/** An upstream whose handler sees each request as it arrives (body not read), and which counts its connections. */
async function rawUpstream(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const connections = new Set<Socket>();
  let opened = 0;
  const server = createServer(handler);
  server.keepAliveTimeout = 65_000;
  server.on("connection", (s: Socket) => {
    opened++;
    connections.add(s);
    s.on("close", () => connections.delete(s));
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, opened: () => opened };
}

async function portal(app: Express): Promise<number> {
  return listen(createServer(app));
}

type Answer = { status: number; headers: IncomingMessage["headers"]; body: string };

/** A POST to the proxy as a page makes it: the XSRF cookie and the matching header. */
function postHeaders(headers: Record<string, string>): Record<string, string> {
  const xsrf = xsrfToken();
  return { ...headers, cookie: serialize("XSRF-TOKEN", xsrf.token), "x-xsrf-token": xsrf.token };
}

function send(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string> },
  body?: (req: import("node:http").ClientRequest) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: { host: HOST, ...options.headers },
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    if (body) body(req);
    else req.end();
  });
}

describe("the proxy's pipe", () => {
  test("copies the client's end-to-end headers once, drops hop-by-hop ones and sets the target host", async () => {
    const seen: IncomingMessage["headers"][] = [];
    const u = await rawUpstream((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, {
        "content-type": "application/json",
        "x-upstream": "1",
        "keep-alive": "timeout=5",
      });
      res.end("{}");
    });
    const port = await portal(testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url }).app);
    const answer = await send(port, {
      path: "/api-public/crm/services?q=a%20b",
      headers: {
        accept: "application/json",
        "accept-language": "it",
        "x-custom": "yes",
        te: "trailers",
        "proxy-authorization": "Basic eHg6eXk=",
        connection: "keep-alive",
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["x-upstream"]).toBe("1");
    const headers = seen[0]!;
    expect(headers.host).toBe(new URL(u.url).host);
    expect(headers["x-forwarded-host"]).toBe("servizi.comune.valverde.it");
    expect(headers.accept).toBe("application/json");
    expect(headers["accept-language"]).toBe("it");
    expect(headers["x-custom"]).toBe("yes");
    expect(headers.te).toBeUndefined();
    expect(headers["proxy-authorization"]).toBeUndefined();
  });

  test("streams a request body to the upstream as it arrives", async () => {
    const u = await rawUpstream((req, res) => {
      // answers on the body's first bytes: a proxy that waited for the whole body would never see this answer
      req.once("data", (chunk: Buffer) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ first: chunk.toString() }));
        req.resume();
      });
    });
    const port = await portal(testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url }).app);
    let second: (() => void) | undefined;
    const answer = await send(
      port,
      {
        method: "POST",
        path: "/api-public/feedback",
        headers: postHeaders({ "content-type": "application/json", "transfer-encoding": "chunked" }),
      },
      (req) => {
        req.write('{"part":1');
        second = () => req.end(',"part2":2}');
      },
    );
    second?.();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ first: '{"part":1' });
  });

  test("relays a body of announced length whole; a client's Expect: 100-continue is answered by the portal", async () => {
    const seen: { headers: IncomingMessage["headers"]; body: string }[] = [];
    const u = await rawUpstream((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (body += chunk));
      req.on("end", () => {
        seen.push({ headers: req.headers, body });
        res.writeHead(201, { "content-type": "application/json" });
        res.end('{"ok":true}');
      });
    });
    const port = await portal(testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url }).app);
    const payload = JSON.stringify({ testo: "Lampione spento in via Roma, è così da una settimana" });
    const answer = await send(
      port,
      {
        method: "POST",
        path: "/api-public/feedback",
        headers: postHeaders({
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(payload)),
          expect: "100-continue",
        }),
      },
      // a client that asks first sends its body once the portal says "continue"
      (req) => req.once("continue", () => req.end(payload)),
    );
    expect(answer.status).toBe(201);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toBe(payload);
    expect(seen[0]!.headers["content-length"]).toBe(String(Buffer.byteLength(payload)));
    expect(seen[0]!.headers.expect).toBeUndefined();
  });

  test("relays an answer larger than the socket buffers whole, waiting for a slow browser", async () => {
    const chunk = "x".repeat(64 * 1024);
    const u = await rawUpstream((_req, res) => {
      res.writeHead(200, {
        "content-type": "application/octet-stream",
        "content-length": String(64 * chunk.length),
      });
      for (let i = 0; i < 64; i++) res.write(chunk);
      res.end();
    });
    const port = await portal(testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url }).app);
    const received = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, path: "/api/documenti/1/file", headers: { host: HOST }, agent: false },
        (res) => {
          let size = 0;
          res.on("data", (c: Buffer) => {
            size += c.length;
            // a slow reader: the portal must hold the upstream back instead of buffering 4 MiB
            res.pause();
            setTimeout(() => res.resume(), 1);
          });
          res.on("end", () => resolve(size));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(received).toBe(64 * chunk.length);
  });

  test("answers 502 JSON in Italian when the upstream is down", async () => {
    const port = await portal(
      testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: "http://127.0.0.1:9" }).app,
    );
    const answer = await send(port, { path: "/api-public/crm/services" });
    expect(answer.status).toBe(502);
    expect(answer.headers["content-type"]).toContain("application/json");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(answer.body)).toEqual({
      status: 502,
      title: expect.stringContaining("non è raggiungibile"),
      details: [],
    });
  });

  test("answers 504 JSON in Italian when the upstream stays silent past the timeout", async () => {
    const u = await rawUpstream(() => {
      /* never answers */
    });
    const port = await portal(
      testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url, env: { UPSTREAM_TIMEOUT_MS: "150" } }).app,
    );
    const answer = await send(port, { path: "/api-public/crm/services" });
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.body)).toEqual({
      status: 504,
      title: expect.stringContaining("in tempo"),
      details: [],
    });
  });

  test("a client that leaves aborts its upstream request", async () => {
    /** How the upstream's request ended: whether it had answered, and whether its connection was cut. */
    let upstreamClosed: (ending: { answered: boolean; connectionCut: boolean }) => void = () => undefined;
    const closed = new Promise<{ answered: boolean; connectionCut: boolean }>(
      (done) => (upstreamClosed = done),
    );
    let arrived: () => void = () => undefined;
    const reached = new Promise<void>((done) => (arrived = done));
    const u = await rawUpstream((req, res) => {
      res.once("close", () =>
        upstreamClosed({ answered: res.writableEnded, connectionCut: req.socket.destroyed }),
      );
      arrived();
    });
    const port = await portal(
      testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url, env: { UPSTREAM_TIMEOUT_MS: "30000" } })
        .app,
    );
    const client = httpRequest({
      host: "127.0.0.1",
      port,
      path: "/api-public/crm/services",
      headers: { host: HOST },
      agent: false,
    });
    client.on("error", () => undefined);
    client.end();
    await reached;
    client.destroy();
    // without the abort the upstream would hold the request for the 30 s idle timeout (the test's own limit is 5 s)
    expect(await closed).toEqual({ answered: false, connectionCut: true });
  });

  test("reuses pooled keep-alive connections, never more than UPSTREAM_MAX_SOCKETS at once", async () => {
    let active = 0;
    let peak = 0;
    const u = await rawUpstream((_req, res) => {
      active++;
      peak = Math.max(peak, active);
      setTimeout(() => {
        active--;
        res.writeHead(200, { "content-type": "application/json" });
        res.end("{}");
      }, 20);
    });
    const port = await portal(
      testApp({ proxyRoutes: RELAY_EVERYTHING, upstreamUrl: u.url, env: { UPSTREAM_MAX_SOCKETS: "3" } }).app,
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => send(port, { path: "/api-public/crm/services" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(peak).toBeLessThanOrEqual(3);
    expect(u.opened()).toBeLessThanOrEqual(3);
    await send(port, { path: "/api-public/crm/services" });
    expect(u.opened()).toBeLessThanOrEqual(3);
  });
});

describe("an https upstream", () => {
  // A self-signed certificate for localhost made for these tests only (tests/fixtures/tls); the pool trusts it the
  // way a production pool trusts the system's certificate authorities.
  const tls = {
    key: readFileSync(new URL("../../tests/fixtures/tls/localhost.key", import.meta.url)),
    cert: readFileSync(new URL("../../tests/fixtures/tls/localhost.crt", import.meta.url)),
  };

  test("is relayed over TLS with the same header hygiene (an http.Agent could not do https)", async () => {
    const seen: IncomingMessage["headers"][] = [];
    const server = createHttpsServer(tls, (req, res) => {
      seen.push(req.headers);
      res.writeHead(200, {
        "content-type": "application/json",
        "set-cookie": "SESSION=s1; Domain=upstream; Path=/",
      });
      res.end('{"sicuro":true}');
    });
    const port = await listen(server as unknown as Server);
    const target = `https://localhost:${port}`;
    const app = express();
    app.use(parseCookies(), (_req, res, next) => {
      res.locals.portalTenant = { upstreamHost: "servizi.comune.valverde.it" } as Tenant;
      res.locals.identityHeaders = {};
      next();
    });
    app.use(
      apiProxy({
        target,
        timeoutMs: 2000,
        deadlineMs: 5000,
        trustedIdentityHeaders: [],
        metrics: createMetrics(),
        logger: pino({ level: "silent" }),
        pool: new Pool(target, { connect: { ca: tls.cert } }),
      }),
    );
    const answer = await send(await portal(app), {
      path: "/api/utenti/me",
      headers: { cookie: "SESSION=s0", authorization: "Basic eHg6eXk=" },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ sicuro: true });
    expect(answer.headers["set-cookie"]).toEqual(["SESSION=s1; Path=/"]);
    expect(seen[0]!.host).toBe(`localhost:${port}`);
    expect(seen[0]!.cookie).toBe("SESSION=s0");
    expect(seen[0]!.authorization).toBeUndefined();
    expect(seen[0]!["x-forwarded-host"]).toBe("servizi.comune.valverde.it");
  });
});
