import { expect, test } from "vitest";
import { sandboxTileUrl, tileOrigin, tileUrlProblem } from "./map-tiles.ts";
import { parseEnv } from "#config/env.ts";

test("a tile URL template needs {z}, {x}, {y} on one http(s) host", () => {
  expect(tileUrlProblem("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBeNull();
  expect(tileUrlProblem("https://tile.example.org/{z}/{x}.png")).toMatch(/\{z\}, \{x\} and \{y\}/);
  expect(tileUrlProblem("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toMatch(/no \{s\}/);
  expect(tileUrlProblem("ftp://tile.example.org/{z}/{x}/{y}.png")).toMatch(/http/);
  expect(tileUrlProblem("https://user:pw@tile.example.org/{z}/{x}/{y}.png")).toMatch(/credentials/);
});

test("the origin of a template is what the CSP allows", () => {
  expect(tileOrigin("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
  expect(tileOrigin("http://127.0.0.1:4405/__sandbox/tiles/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:4405");
  expect(sandboxTileUrl("http://127.0.0.1:4405/")).toBe(
    "http://127.0.0.1:4405/__sandbox/tiles/{z}/{x}/{y}.png",
  );
});

test("MAP_TILE_URL is read and checked with the environment", () => {
  expect(parseEnv({ MAP_TILE_URL: "https://t.example.org/{z}/{x}/{y}.png" }).MAP_TILE_URL).toBe(
    "https://t.example.org/{z}/{x}/{y}.png",
  );
  expect(parseEnv({}).MAP_TILE_URL).toBeUndefined();
  expect(() => parseEnv({ MAP_TILE_URL: "https://t.example.org/tiles.png" })).toThrow(/MAP_TILE_URL/);
});
