import { expect, test } from "vitest";
import { createTestSandbox } from "#tests/support/test-sandbox.ts";

const { http } = createTestSandbox();

test("search finds addresses case- and accent-insensitively, Nominatim-shaped", async () => {
  const res = await http
    .get("/geocoder/search")
    .query({ q: "via roma valverde", format: "json", addressdetails: 1 });
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(1);
  expect(res.body[0]).toMatchObject({
    lat: "45.0530000",
    lon: "7.5215000",
    display_name: "12, Via Roma, Valverde, Città metropolitana di Torino, Piemonte, 10090, Italia",
    address: {
      road: "Via Roma",
      house_number: "12",
      town: "Valverde",
      county: "Città metropolitana di Torino",
      postcode: "10090",
      country_code: "it",
    },
  });
  const accents = await http
    .get("/geocoder/search")
    .query({ q: "PIAZZA DELLA LIBERTA", format: "json", addressdetails: 1 });
  expect(accents.body[0].address).toMatchObject({ city: "Montealto", house_number: "3" });
  const none = await http.get("/geocoder/search").query({ q: "via inesistente", format: "json" });
  expect(none.body).toEqual([]);
});

test("search leaves the address out unless addressdetails=1", async () => {
  const res = await http.get("/geocoder/search").query({ q: "Roccaserena", format: "json" });
  expect(res.body.length).toBeGreaterThan(1);
  expect(res.body[0].address).toBeUndefined();
});

test("reverse geocoding finds the nearest address", async () => {
  const res = await http
    .get("/geocoder/reverse")
    .query({ lat: "43.21015", lon: "11.4503", format: "json", addressdetails: 1 });
  expect(res.body.address).toMatchObject({
    road: "Piazza del Castello",
    village: "Roccaserena",
    county: "Siena",
  });
  const far = await http.get("/geocoder/reverse").query({ lat: "41.9", lon: "12.5", format: "json" });
  expect(far.body).toEqual({ error: "Unable to geocode" });
  const bad = await http.get("/geocoder/reverse").query({ lat: "nord", lon: "12.5", format: "json" });
  expect(bad.status).toBe(400);
});

test("it counts the lookups it answered, with their arrival times", async () => {
  const before = (await http.get("/geocoder/__requests")).body as { count: number; arrivals: number[] };
  const from = Date.now();
  await http.get("/geocoder/search").query({ q: "via roma valverde", format: "json" });
  await http.get("/geocoder/reverse").query({ lat: "45.053", lon: "7.5215", format: "json" });
  const after = await http.get("/geocoder/__requests");
  expect(after.status).toBe(200);
  expect(after.headers["cache-control"]).toBe("no-store");
  expect(after.body.count).toBe(before.count + 2);
  const fresh = (after.body.arrivals as number[]).slice(-2);
  expect(fresh).toHaveLength(2);
  for (const at of fresh) expect(at).toBeGreaterThanOrEqual(from);
});
