import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { testApp } from "#tests/support/test-app.ts";

function builtClient(): string {
  const dir = mkdtempSync(join(tmpdir(), "portal-assets-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", "entry-abc123.js"), "console.log('portale');\n");
  writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dir;
}

describe("headers of the build's assets and of documents", () => {
  const { app } = testApp({ upstreamUrl: "http://127.0.0.1:9", staticDir: builtClient() });

  it("serves a hashed asset with what applies to it, without a CSP or a nonce", async () => {
    const reply = await request(app).get("/assets/entry-abc123.js").set("host", "comune-a.localhost");
    expect(reply.status).toBe(200);
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    expect(reply.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(reply.headers["content-security-policy"]).toBeUndefined();
    expect(reply.headers["x-frame-options"]).toBeUndefined();
  });

  it("answers a missing asset with a plain 404 that is never cached", async () => {
    const reply = await request(app).get("/assets/entry-old999.js").set("host", "comune-a.localhost");
    expect(reply.status).toBe(404);
    expect(reply.headers["content-type"]).toMatch(/^text\/plain/);
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect(reply.text).toBe("File non trovato.\n");
  });

  it("refuses other methods on assets with an empty 405 that names the allowed ones", async () => {
    const reply = await request(app).post("/assets/entry-abc123.js").set("host", "comune-a.localhost");
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe("GET, HEAD");
    expect(reply.text).toBe("");
  });

  it("keeps the CSP with a nonce on documents and on the other root files", async () => {
    const favicon = await request(app).get("/favicon.svg").set("host", "comune-a.localhost");
    expect(favicon.status).toBe(200);
    expect(favicon.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    for (const path of ["/", "/favicon.svg", "/assets-are-not-here"]) {
      const reply = await request(app).get(path).set("host", "comune-a.localhost");
      expect(reply.headers["content-security-policy"], path).toBeDefined();
      expect(reply.headers["x-frame-options"], path).toBe("SAMEORIGIN");
    }
  });
});
