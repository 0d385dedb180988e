import { request as httpRequest, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import express, { type Express } from "express";
import request from "supertest";
import { createMetrics, type Metrics } from "#server/observability/metrics.ts";
import { startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { geocodingRouter, type GeocodingOptions } from "./router.ts";
import { HOSTS } from "#tests/support/portal-requests.ts";

const HOST = HOSTS.a;
const place = {
  place_id: 1,
  lat: "45.1",
  lon: "7.3",
  display_name: "Via Roma 1, Valverde",
  address: { road: "Via Roma", house_number: "1", town: "Valverde", county: "Torino" },
  extra: "ignored",
};
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function geocoder(body: unknown, status = 200) {
  const u = await startTestUpstream((_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  });
  closers.push(u.close);
  return u;
}

describe("geocoding", () => {
  test("forces format and address details, whitelists parameters and identifies itself", async () => {
    const g = await geocoder([place]);
    const { app } = testApp({ upstreamUrl: "http://127.0.0.1:9", geocoderUrl: `${g.url}/` });
    const res = await request(app)
      .get("/geocoding/search?q=Via%20Roma&format=xml&polygon_geojson=1&email=x")
      .set("Host", HOST);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { lat: "45.1", lon: "7.3", display_name: "Via Roma 1, Valverde", address: place.address },
    ]);
    const sent = new URL(g.received[0]!.url, "http://x");
    expect(sent.pathname).toBe("/search");
    expect(sent.searchParams.get("format")).toBe("json");
    expect(sent.searchParams.get("addressdetails")).toBe("1");
    expect(sent.searchParams.has("polygon_geojson")).toBe(false);
    expect(sent.searchParams.has("email")).toBe(false);
    expect(g.received[0]!.headers["user-agent"]).toMatch(/PortaleDelCittadino/);
  });

  test("answers repeated questions from its cache", async () => {
    const g = await geocoder(place);
    const { app } = testApp({ upstreamUrl: "http://127.0.0.1:9", geocoderUrl: `${g.url}/` });
    await request(app).get("/geocoding/reverse?lat=45.1&lon=7.3").set("Host", HOST);
    const second = await request(app).get("/geocoding/reverse?lat=45.1&lon=7.3").set("Host", HOST);
    expect(second.body.address.road).toBe("Via Roma");
    expect(g.received).toHaveLength(1);
  });

  test("refuses bad parameters in Italian", async () => {
    const { app } = testApp({ upstreamUrl: "http://127.0.0.1:9" });
    const res = await request(app).get("/geocoding/reverse?lat=999&lon=abc").set("Host", HOST);
    expect(res.status).toBe(400);
    expect(res.body.title).toBe("Parametri di ricerca non validi.");
    const short = await request(app).get("/geocoding/search?q=ab").set("Host", HOST);
    expect(short.body.details).toContain("Scrivi almeno 3 caratteri.");
  });

  test("answers 502 when the geocoder answers garbage", async () => {
    const g = await geocoder("<html>nope</html>");
    const { app } = testApp({ upstreamUrl: "http://127.0.0.1:9", geocoderUrl: `${g.url}/` });
    const res = await request(app).get("/geocoding/search?q=Via%20Roma").set("Host", HOST);
    expect(res.status).toBe(502);
    expect(res.body.title).toMatch(/non è disponibile/);
  });
});

/** A geocoder whose answers wait until released, recording the order of the questions it receives. */
async function heldGeocoder() {
  const held: ServerResponse[] = [];
  let holding = true;
  const answer = (res: ServerResponse) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify([place]));
  };
  const u = await startTestUpstream((_req, res) => (holding ? held.push(res) : answer(res)));
  closers.push(u.close);
  return {
    ...u,
    /** The `q` of every search received, in order. */
    questions: () => u.received.map((r) => new URL(r.url, "http://x").searchParams.get("q")),
    release() {
      holding = false;
      for (const res of held.splice(0)) answer(res);
    },
    hold() {
      holding = true;
    },
  };
}

/** The geocoding router alone, with no interval between upstream calls and client addresses from X-Forwarded-For. */
function geocodingApp(geocoderUrl: string, options: Partial<GeocodingOptions> = {}) {
  const metrics = createMetrics();
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(
    "/geocoding",
    geocodingRouter({
      baseUrl: `${geocoderUrl}/`,
      userAgent: "PortaleDelCittadino/test",
      timeoutMs: 5000,
      metrics,
      minIntervalMs: 0,
      ...options,
    }),
  );
  return { app, metrics };
}

async function listen(app: Express) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n))),
  };
}

type Answered = { status: number; headers: IncomingHttpHeaders; body: unknown };

/** A request on its own connection, so the test can hang up on it like a citizen closing the page. */
function ask(base: string, path: string, client: string) {
  const req = httpRequest(`${base}${path}`, {
    agent: false,
    headers: { host: HOST, "x-forwarded-for": client },
  });
  const answered = new Promise<Answered>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }),
      );
    });
    req.on("error", reject);
  });
  req.end();
  return {
    answered,
    hangUp() {
      answered.catch(() => undefined);
      req.destroy();
    },
  };
}

async function queueEvents(metrics: Metrics, event: string) {
  const { values } = await metrics.queueEvents.get();
  return values.find((v) => v.labels.event === event)?.value ?? 0;
}

/** Polls until the condition holds (the queue works asynchronously); fails the test if it never does. */
async function until(condition: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 300; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("condition never met");
}

describe("geocoding queue", () => {
  test("a citizen behind ten queued lookups of another client is served second, not eleventh", async () => {
    const g = await heldGeocoder();
    const { app, metrics } = geocodingApp(g.url, { queuePerClient: 10 });
    const { base } = await listen(app);
    const asked = [ask(base, "/geocoding/search?q=via%20a1", "10.0.0.1")];
    await until(() => g.received.length === 1);
    for (let i = 2; i <= 10; i++) asked.push(ask(base, `/geocoding/search?q=via%20a${i}`, "10.0.0.1"));
    await until(async () => (await queueEvents(metrics, "queued")) === 9);
    asked.push(ask(base, "/geocoding/search?q=via%20b1", "10.0.0.2"));
    await until(async () => (await queueEvents(metrics, "queued")) === 10);
    g.release();
    const answers = await Promise.all(asked.map((a) => a.answered));
    expect(answers.map((a) => a.status)).toEqual(Array(11).fill(200));
    expect(g.questions().slice(0, 3)).toEqual(["via a1", "via b1", "via a2"]);
  });

  test("answers 429 in Italian with Retry-After when the queue is full, as configured", async () => {
    const g = await heldGeocoder();
    const { app } = testApp({
      upstreamUrl: "http://127.0.0.1:9",
      geocoderUrl: `${g.url}/`,
      env: { GEOCODER_QUEUE_MAX: "1", GEOCODER_QUEUE_PER_CLIENT: "1" },
    });
    const { base } = await listen(app);
    const metricsText = async () => (await request(app).get("/metrics")).text;
    const running = ask(base, "/geocoding/search?q=via%20uno", "x");
    await until(() => g.received.length === 1);
    const waiting = ask(base, "/geocoding/search?q=via%20due", "x");
    await until(async () => (await metricsText()).includes('event="queued"} 1'));
    const refused = await request(app).get("/geocoding/reverse?lat=45.1&lon=7.3").set("Host", HOST);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      status: 429,
      title: "Troppe richieste di ricerca indirizzi in questo momento. Riprova tra qualche secondo.",
      details: [],
    });
    expect(refused.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
    expect(await metricsText()).toContain('portal_queue_events_total{queue="geocoding",event="shed"} 1');
    waiting.hangUp();
    await until(async () => (await metricsText()).includes('event="dropped"} 1'));
    g.release();
    expect((await running.answered).status).toBe(200);
    expect(g.received).toHaveLength(1);
  });

  test("one client cannot fill the queue for everybody", async () => {
    const g = await heldGeocoder();
    const { app, metrics } = geocodingApp(g.url, { queuePerClient: 2, queueMax: 10 });
    const { base } = await listen(app);
    const asked = [ask(base, "/geocoding/search?q=via%20a1", "10.0.0.1")];
    await until(() => g.received.length === 1);
    asked.push(ask(base, "/geocoding/search?q=via%20a2", "10.0.0.1"));
    asked.push(ask(base, "/geocoding/search?q=via%20a3", "10.0.0.1"));
    await until(async () => (await queueEvents(metrics, "queued")) === 2);
    const fourth = await ask(base, "/geocoding/search?q=via%20a4", "10.0.0.1").answered;
    const other = ask(base, "/geocoding/search?q=via%20b1", "10.0.0.2");
    expect(fourth.status).toBe(429);
    g.release();
    expect((await other.answered).status).toBe(200);
    expect((await Promise.all(asked.map((a) => a.answered))).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(g.questions()).not.toContain("via a4");
  });

  test("a lookup whose caller hung up never reaches the geocoder", async () => {
    const g = await heldGeocoder();
    const { app, metrics } = geocodingApp(g.url);
    const { base } = await listen(app);
    const first = ask(base, "/geocoding/search?q=via%20prima", "10.0.0.1");
    await until(() => g.received.length === 1);
    const gone = ask(base, "/geocoding/search?q=via%20abbandonata", "10.0.0.2");
    await until(async () => (await queueEvents(metrics, "queued")) === 1);
    gone.hangUp();
    await until(async () => (await queueEvents(metrics, "dropped")) === 1);
    g.release();
    expect((await first.answered).status).toBe(200);
    expect((await ask(base, "/geocoding/search?q=via%20terza", "10.0.0.3").answered).status).toBe(200);
    expect(g.questions()).toEqual(["via prima", "via terza"]);
  });

  test("cache hits never wait in the queue, even when it is full", async () => {
    const g = await heldGeocoder();
    g.release();
    const { app, metrics } = geocodingApp(g.url, { queueMax: 1, queuePerClient: 1 });
    const { base } = await listen(app);
    const known = await ask(base, "/geocoding/search?q=via%20nota", "10.0.0.1").answered;
    expect(known.status).toBe(200);
    g.hold();
    const running = ask(base, "/geocoding/search?q=via%20lenta", "10.0.0.1");
    await until(() => g.received.length === 2);
    const waiting = ask(base, "/geocoding/search?q=via%20attesa", "10.0.0.2");
    await until(async () => (await queueEvents(metrics, "queued")) === 1);
    expect((await ask(base, "/geocoding/search?q=via%20altra", "10.0.0.3").answered).status).toBe(429);
    const cached = await ask(base, "/geocoding/search?q=via%20nota", "10.0.0.3").answered;
    expect(cached.status).toBe(200);
    expect(cached.body).toEqual(known.body);
    g.release();
    expect((await running.answered).status).toBe(200);
    expect((await waiting.answered).status).toBe(200);
    expect(g.questions()).toEqual(["via nota", "via lenta", "via attesa"]);
  });

  test("identical questions asked meanwhile share one upstream call", async () => {
    const g = await heldGeocoder();
    const { app, metrics } = geocodingApp(g.url);
    const { base } = await listen(app);
    const asked = ["10.0.0.1", "10.0.0.2", "10.0.0.3"].map((client) =>
      ask(base, "/geocoding/search?q=via%20condivisa", client),
    );
    await until(async () => (await queueEvents(metrics, "shared")) === 2);
    g.release();
    const answers = await Promise.all(asked.map((a) => a.answered));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
    expect(g.received).toHaveLength(1);
  });

  test("a shared lookup still runs when only one of its callers hangs up", async () => {
    const g = await heldGeocoder();
    const { app, metrics } = geocodingApp(g.url);
    const { base, connections } = await listen(app);
    const first = ask(base, "/geocoding/search?q=via%20prima", "10.0.0.1");
    await until(() => g.received.length === 1);
    const leaving = ask(base, "/geocoding/search?q=via%20comune", "10.0.0.2");
    const staying = ask(base, "/geocoding/search?q=via%20comune", "10.0.0.3");
    await until(async () => (await queueEvents(metrics, "shared")) === 1);
    leaving.hangUp();
    await until(async () => (await connections()) === 2);
    g.release();
    expect((await first.answered).status).toBe(200);
    expect((await staying.answered).status).toBe(200);
    expect(g.questions()).toEqual(["via prima", "via comune"]);
    expect(await queueEvents(metrics, "dropped")).toBe(0);
  });
});

test("a caller already gone when its lookup starts leaves nothing behind (no unhandled rejection, no upstream call)", async () => {
  const upstream = await heldGeocoder();
  const metrics = createMetrics();
  const app = express();
  // The caller hangs up between the request's arrival and the lookup (a flood of aborted searches does this).
  let arrived = 0;
  app.use((req, _res, next) => {
    arrived++;
    req.socket.destroy();
    setImmediate(next);
  });
  app.use(
    "/geocoding",
    geocodingRouter({
      baseUrl: `${upstream.url}/`,
      userAgent: "test",
      timeoutMs: 5000,
      metrics,
      minIntervalMs: 0,
    }),
  );
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on("unhandledRejection", onRejection);
  try {
    const { base } = await listen(app);
    for (let i = 0; i < 5; i++)
      ask(base, `/geocoding/search?q=via+${i}`, "10.0.0.1").answered.catch(() => {});
    await until(() => arrived === 5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rejections).toEqual([]);
    expect(upstream.questions()).toEqual([]);
  } finally {
    process.off("unhandledRejection", onRejection);
  }
});
