import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { parseEnv } from "#config/env.ts";
import { createTenantDirectory, createTenantHolder, type TenantHolder } from "#config/tenants.ts";
import { createLogger } from "#server/observability/logger.ts";
import { createApp } from "#server/app.ts";
import type { ProxyRoute } from "#server/proxy/allow-list.ts";
import type { SsrHandler } from "#server/render/public-pages.ts";
import type { Metrics } from "#server/observability/metrics.ts";
import { DEMO_TENANTS } from "./demo-tenants.ts";

/**
 * An allow list that lets the proxy relay every `/api` and `/api-public` call: only for the tests of the relay's own
 * mechanics (headers, cookies, bodies, timeouts), which need paths and methods the product's table does not have.
 * The product's table has its own tests (server/proxy/allow-list.test.ts, server/security/cross-citizen.test.ts).
 */
export const RELAY_EVERYTHING: readonly ProxyRoute[] = [
  {
    purpose: "tests of the relay's mechanics",
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    path: /^\/api(-public)?(\/|$)/,
    query: "any",
  },
];

/** The demo's municipalities, each reached by its portal host only (not `localhost`, which npm start's file adds). */
export const TEST_TENANTS = createTenantHolder(
  createTenantDirectory(
    Object.values(DEMO_TENANTS).map(({ id, portalHost, upstreamHost }) => ({
      id,
      hosts: [portalHost],
      upstreamHost,
    })),
  ),
);

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

/** Collects every log line, so tests can prove what never reaches the logs. */
export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger("debug", stream) };
}

export function testApp(options: {
  upstreamUrl: string;
  env?: Record<string, string>;
  ssrHandler?: SsrHandler;
  geocoderUrl?: string;
  mapTileUrl?: string;
  lag?: () => number;
  /** The built client to serve (default: none). */
  staticDir?: string;
  /** The proxy's allow list (default: the product's, without the demo identity provider). */
  proxyRoutes?: readonly ProxyRoute[];
  /** As `createApp`'s: the demo sandbox is the upstream (the demo banner, the demo identity provider). */
  sandbox?: boolean;
  /** The municipalities (default: TEST_TENANTS); a test of the tenants file's reload gives its own holder. */
  tenants?: TenantHolder;
  /** The sealing secret (default: a fixed test secret) and those still accepted for opening (a rotation). */
  secret?: string;
  previousSecrets?: readonly string[];
  /** The metrics (default: the app's own); a test of the tenants file's reload shares them with its reloader. */
  metrics?: Metrics;
  /** As `createApp`'s: the clock of the configurations' freshness, which the test moves (default: the process's). */
  configClock?: () => number;
}) {
  const logs = captureLogs();
  // The upstream's deadlines are the product's (UPSTREAM_TIMEOUT_MS 10 s): a busy test machine answers within them. A
  // test of a silent or slow upstream sets its own short one in `env`.
  const env = parseEnv({
    NODE_ENV: "test",
    SHED_LAG_MS: "0",
    // Feature tests see every render; the page cache has its own tests (server/render/page-cache*.test.ts).
    PAGE_CACHE_TTL_S: "0",
    ...options.env,
  });
  const built = createApp({
    env,
    tenants: options.tenants ?? TEST_TENANTS,
    upstreamUrl: options.upstreamUrl,
    geocoderUrl: options.geocoderUrl ?? `${options.upstreamUrl}/geocoder/`,
    mapTileUrl: options.mapTileUrl,
    sandbox: options.sandbox ?? false,
    logger: logs.logger,
    ssrHandler: options.ssrHandler,
    staticDir: options.staticDir ?? false,
    secret: options.secret ?? TEST_SECRET,
    previousSecrets: options.previousSecrets,
    lag: options.lag,
    proxyRoutes: options.proxyRoutes,
    metrics: options.metrics,
    configClock: options.configClock,
  });
  return { ...built, logs };
}

export type Recorded = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };

/** A tiny upstream on loopback whose behaviour each test chooses. */
export async function startTestUpstream(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
) {
  const received: Recorded[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * An upstream that relays every request to `target` (e.g. the sandbox); `alter` may rewrite a JSON answer, so a test
 * can take the real upstream and change one fact of it (a municipality without an asset, say).
 */
export function startRelay(
  target: string,
  alter: (path: string, json: unknown) => unknown = (_path, json) => json,
  /** Paths this upstream does not route (a BFF without them): 404, as Jersey answers an unknown path. */
  notRouted: (path: string) => boolean = () => false,
) {
  return startTestUpstream(relayTo(target, alter, notRouted));
}

/** The handler of `startRelay`, for a test upstream that relays some requests and does something else with others. */
export function relayTo(
  target: string,
  alter: (path: string, json: unknown) => unknown = (_path, json) => json,
  notRouted: (path: string) => boolean = () => false,
) {
  return (req: IncomingMessage, res: ServerResponse, body: string) => {
    if (notRouted(new URL(req.url ?? "/", target).pathname)) {
      res.writeHead(404, { "content-type": "text/html" });
      return void res.end("<html><body><h1>Not Found</h1></body></html>");
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([name]) => !["host", "content-length", "connection"].includes(name),
      ),
    ) as Record<string, string>;
    fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: body === "" ? undefined : body,
      redirect: "manual",
    })
      .then(async (answer) => {
        const type = answer.headers.get("content-type") ?? "text/plain";
        const raw = Buffer.from(await answer.arrayBuffer());
        const path = new URL(req.url ?? "/", target).pathname;
        // A JSON-labelled body that is no JSON (the BFF's 302 to the CMS, its raw strings) is relayed as it is.
        const json = type.includes("json") ? parsedJson(raw) : undefined;
        const out = json === undefined ? raw : JSON.stringify(alter(path, json));
        const setCookie = answer.headers.getSetCookie();
        res.writeHead(answer.status, {
          "content-type": type,
          ...(answer.headers.get("location") ? { location: answer.headers.get("location")! } : {}),
          ...(setCookie.length > 0 ? { "set-cookie": setCookie } : {}),
        });
        res.end(out);
      })
      .catch(() => res.destroy());
  };
}

/**
 * A JSON-labelled answer's value, or undefined when its body is no JSON: the upstream's 302 to the CMS (empty) and the
 * published BFF's raw strings are labelled JSON too (docs/decisions/upstream-fidelity.md); the relay passes them on as
 * they are, as a transparent hop would, instead of dropping the connection.
 */
function parsedJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString()) as unknown;
  } catch {
    return undefined;
  }
}
