import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { precompressFiles } from "../../build-tools/precompress.ts";
import { testApp } from "#tests/support/test-app.ts";
import { compressedCopies, preferredEncoding } from "./precompressed-assets.ts";

const SCRIPT = `export const portale = ${JSON.stringify("Comune di Valverde ".repeat(200))};\n`;

async function builtClient(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "portal-precompressed-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", "framework-abc123.js"), SCRIPT);
  writeFileSync(join(dir, "assets", "tiny-abc123.js"), "export {};\n");
  writeFileSync(join(dir, "assets", "font-abc123.woff2"), Buffer.alloc(4096, 7));
  await precompressFiles(join(dir, "assets"), ["framework-abc123.js", "tiny-abc123.js", "font-abc123.woff2"]);
  return dir;
}

describe("the build's compressed copies (build-tools/precompress.ts)", () => {
  it("writes brotli and gzip copies of a text asset that decompress to the file, and none for small files or fonts", async () => {
    const dir = join(await builtClient(), "assets");
    expect(brotliDecompressSync(readFileSync(join(dir, "framework-abc123.js.br"))).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(join(dir, "framework-abc123.js.gz"))).toString()).toBe(SCRIPT);
    expect(compressedCopies(dir)).toEqual(new Map([["framework-abc123.js", new Set(["br", "gzip"])]]));
  });

  it("finds no copies in a directory that does not exist", () => {
    expect(compressedCopies("/nonexistent/portal-assets").size).toBe(0);
  });
});

describe("choosing the encoding", () => {
  const both = new Set(["br", "gzip"] as const);

  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0.1", "gzip"],
    ["*", "br"],
    ["identity", undefined],
    ["br;q=0, gzip;q=0", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("Accept-Encoding %j → %s", (header, expected) => {
    expect(preferredEncoding(header, both)).toBe(expected);
  });

  it("offers only the copies that exist", () => {
    expect(preferredEncoding("br, gzip", new Set(["gzip"] as const))).toBe("gzip");
  });
});

describe("serving the compressed copies", async () => {
  const { app } = testApp({ upstreamUrl: "http://127.0.0.1:9", staticDir: await builtClient() });
  const get = (path: string, acceptEncoding: string) =>
    request(app)
      .get(path)
      .set("host", "comune-a.localhost")
      .set("accept-encoding", acceptEncoding)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });

  it("gives a browser that takes brotli the brotli copy, with the script's type and the asset headers", async () => {
    const reply = await get("/assets/framework-abc123.js", "gzip, deflate, br, zstd");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-encoding"]).toBe("br");
    expect(reply.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(reply.headers.vary).toMatch(/Accept-Encoding/i);
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(reply.headers["content-length"])).toBeLessThan(SCRIPT.length / 10);
    // (superagent decodes the body, as a browser does.)
    expect((reply.body as Buffer).toString()).toBe(SCRIPT);
  });

  it("gives gzip to a client without brotli, and the file as it is to a client that takes neither", async () => {
    const gzipped = await get("/assets/framework-abc123.js", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(Number(gzipped.headers["content-length"])).toBeLessThan(SCRIPT.length / 10);
    expect((gzipped.body as Buffer).toString()).toBe(SCRIPT);

    const plain = await get("/assets/framework-abc123.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect((plain.body as Buffer).toString()).toBe(SCRIPT);
  });

  it("still serves what the build left alone, and a missing asset without an encoding", async () => {
    const tiny = await get("/assets/tiny-abc123.js", "br");
    expect(tiny.status).toBe(200);
    expect((tiny.body as Buffer).toString()).toBe("export {};\n");

    const missing = await get("/assets/missing-abc123.js", "br");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
  });

  it("answers HEAD like GET", async () => {
    const reply = await request(app)
      .head("/assets/framework-abc123.js")
      .set("host", "comune-a.localhost")
      .set("accept-encoding", "br");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-encoding"]).toBe("br");
  });
});
