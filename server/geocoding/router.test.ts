import { afterEach, describe, expect, test } from "vitest";
import request from "supertest";
import { startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { createThrottle } from "./throttle.ts";

const HOST = "comune-a.localhost";
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

describe("throttle", () => {
  test("starts tasks at least the interval apart", async () => {
    let now = 0;
    const starts: number[] = [];
    const schedule = createThrottle(1000, () => now);
    const originalSetTimeout = globalThis.setTimeout;
    // advance the fake clock instead of sleeping
    globalThis.setTimeout = ((fn: () => void, ms: number) => {
      now += ms;
      return originalSetTimeout(fn, 0);
    }) as typeof setTimeout;
    try {
      await Promise.all([1, 2, 3].map(() => schedule(async () => starts.push(now))));
    } finally {
      globalThis.setTimeout = originalSetTimeout;
    }
    expect(starts).toEqual([0, 1000, 2000]);
  });
});
