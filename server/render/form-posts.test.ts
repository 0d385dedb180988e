import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { RELAY_EVERYTHING, testApp } from "#tests/support/test-app.ts";
import { peakRssGrowthMiB, streamChunkedBody } from "#tests/support/stream-body.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { HOSTS, xsrfToken } from "#tests/support/portal-requests.ts";

// Form posts to pages, through the production build, the real Express app and the sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
let server: Server;
let base: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
  // The proxy relays every call here: the body limit is the subject, not the allow list.
  const { app } = testApp({
    upstreamUrl: sandbox.url,
    ssrHandler,
    env: { BODY_LIMIT: "64kb" },
    proxyRoutes: RELAY_EVERYTHING,
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await sandbox.close();
});

const HOST = HOSTS.a;
const MiB = 1024 * 1024;
const form = { "content-type": "application/x-www-form-urlencoded", host: HOST, origin: `http://${HOST}` };
/** A post whose browser names no sender (no Sec-Fetch-Site, Origin or Referer): only then does the token decide. */
const unnamed = { "content-type": "application/x-www-form-urlencoded", host: HOST };

describe("the XSRF token of page forms", () => {
  test("a route with no code of its own for it refuses a post without the token from a sender it cannot name (403), centrally", async () => {
    const res = await request(server).post("/faq").set("Host", HOST).type("form").send({ q: "carta" });
    expect(res.status).toBe(403);
    expect(res.text).toContain("modulo è scaduto");
  });

  test("the same post with the token goes through to the route (which has no action: 405)", async () => {
    const xsrf = xsrfToken();
    const res = await request(server)
      .post("/faq")
      .set("Host", HOST)
      .set("Origin", `http://${HOST}`)
      .set("Cookie", xsrf.cookie)
      .type("form")
      .send(`_xsrf=${xsrf.masked}&q=carta`);
    expect(res.status).toBe(405);
  });

  test("each page carries a differently masked token, never the cookie's own value", async () => {
    const xsrf = xsrfToken();
    const fields = await Promise.all(
      [1, 2].map(async () => {
        const res = await request(server).get("/").set("Host", HOST).set("Cookie", xsrf.cookie);
        return /name="_xsrf" value="([^"]+)"/.exec(res.text)?.[1];
      }),
    );
    expect(fields[0]).toBeTruthy();
    expect(fields[0]).not.toBe(fields[1]);
    expect(fields.join()).not.toContain(xsrf.token);
  });

  test("a post without the token is refused before its body is read", async () => {
    const result = await streamChunkedBody({
      url: `${base}/valutazione`,
      headers: unnamed,
      first: `rating=5&option=positivo1&details=${"x".repeat(5000)}`,
      filler: Buffer.alloc(16 * 1024, "x"),
      totalBytes: 256 * MiB,
      pauseAfterFirst: true,
    });
    expect(result.status).toBe(403);
    expect(result.sentBytes).toBeLessThan(8 * 1024);
  });
});

describe("request bodies are counted as they stream", () => {
  test("a chunked body past the limit gets 413, and the server's memory stays flat", async () => {
    const xsrf = xsrfToken();
    const { result, growthMiB } = await peakRssGrowthMiB(() =>
      streamChunkedBody({
        url: `${base}/valutazione`,
        headers: { ...form, cookie: xsrf.cookie },
        first: `_xsrf=${xsrf.masked}&rating=5&option=positivo1&details=`,
        filler: Buffer.alloc(64 * 1024, "x"),
        totalBytes: 128 * MiB,
      }),
    );
    expect(result.status).toBe(413);
    expect(result.body).toContain("Il contenuto inviato è troppo grande");
    expect(result.sentBytes).toBeLessThan(32 * MiB);
    expect(growthMiB).toBeLessThan(48);
  });

  test("the same holds for the upstream proxy", async () => {
    const xsrf = xsrfToken();
    const result = await streamChunkedBody({
      url: `${base}/api-public/feedback`,
      headers: {
        host: HOST,
        "content-type": "application/json",
        cookie: xsrf.cookie,
        "x-xsrf-token": xsrf.token,
      },
      first: '{"details":"',
      filler: Buffer.alloc(64 * 1024, "x"),
      totalBytes: 128 * MiB,
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).title).toContain("troppo grande");
  });

  test("an announced length over the limit is refused before a byte is read", async () => {
    const res = await request(server)
      .post("/valutazione")
      .set("Host", HOST)
      .set("Content-Length", String(10 * MiB))
      .set("Content-Type", "application/x-www-form-urlencoded")
      .send("x");
    expect(res.status).toBe(413);
  });
});
