import { inflateSync } from "node:zlib";
import { expect, test } from "vitest";
import { createTestSandbox } from "#tests/support/test-sandbox.ts";
import { PNG_SIGNATURE } from "./png.ts";
import { coveredAreas, drawTile, isCovered, toWorldPixel } from "./tiles.ts";

const valverde = { lat: 45.0521, lon: 7.5203 };
const tileOf = (lat: number, lon: number, z: number) => {
  const p = toWorldPixel(lat, lon, z);
  return { z, x: Math.floor(p.x / 256), y: Math.floor(p.y / 256) };
};

test("a tile is a real 256×256 RGB PNG whose pixels inflate to the expected size", () => {
  const { z, x, y } = tileOf(valverde.lat, valverde.lon, 16);
  const png = drawTile([], z, x, y);
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  expect(png.readUInt32BE(16)).toBe(256);
  expect(png.readUInt32BE(20)).toBe(256);
  const idatLength = png.readUInt32BE(33);
  expect(png.subarray(37, 41).toString("ascii")).toBe("IDAT");
  expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe((256 * 3 + 1) * 256);
  expect(png.subarray(-8, -4).toString("ascii")).toBe("IEND");
});

test("tiles exist around the towns at the covered zooms only", () => {
  const areas = coveredAreas([[{ lat: valverde.lat, lon: valverde.lon } as never]]);
  const near = tileOf(valverde.lat, valverde.lon, 16);
  expect(isCovered(areas, near.z, near.x, near.y)).toBe(true);
  const far = tileOf(41.9, 12.5, 16);
  expect(isCovered(areas, far.z, far.x, far.y)).toBe(false);
  const low = tileOf(valverde.lat, valverde.lon, 5);
  expect(isCovered(areas, low.z, low.x, low.y)).toBe(false);
  expect(isCovered(areas, 16, -1, 0)).toBe(false);
});

test("the sandbox serves covered tiles as PNG and answers 404 elsewhere", async () => {
  const { http } = createTestSandbox();
  const { z, x, y } = tileOf(45.7012, 9.8521, 17); // Montealto
  const ok = await http.get(`/__sandbox/tiles/${z}/${x}/${y}.png`).buffer(true);
  expect(ok.status).toBe(200);
  expect(ok.headers["content-type"]).toBe("image/png");
  expect(Buffer.from(ok.body as Buffer).subarray(0, 8)).toEqual(PNG_SIGNATURE);
  const far = tileOf(41.9, 12.5, 17);
  expect((await http.get(`/__sandbox/tiles/${far.z}/${far.x}/${far.y}.png`)).status).toBe(404);
  expect((await http.get(`/__sandbox/tiles/17/abc/1.png`)).status).toBe(404);
  expect((await http.get(`/__sandbox/tiles/17/1/1.jpg`)).status).toBe(404);
});
