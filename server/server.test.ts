import type { Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import type { RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./render/load-ssr-handler.ts";
import { createHttpServer } from "./server.ts";

// The real HTTP server around the real app, pages included (the production build): these requests used to reach
// React Router, which cannot build a Request for them, and came back as 500s.
let server: Server;
let port: number;
beforeAll(async () => {
  const ssrHandler: RequestHandler = await loadSsrHandler();
  const { app, logs } = testApp({ upstreamUrl: "http://127.0.0.1:9", ssrHandler });
  server = createHttpServer(app, logs.logger);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw bytes (supertest cannot send TRACK, CONNECT, two Host headers...) and returns the whole answer. */
function raw(lines: string[]): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(`${lines.join("\r\n")}\r\n\r\n`));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = answer.split("\r\n\r\n", 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    });
  });
}

describe("methods no page has", () => {
  test("TRACE is 405 in Italian with Allow", async () => {
    const res = await raw(["TRACE / HTTP/1.1", "Host: comune-a.localhost", "Connection: close"]);
    expect(res.status).toBe(405);
    expect(res.head).toMatch(/^Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS$/im);
    expect(res.body).toContain("Metodo non consentito");
  });

  test("TRACK and CONNECT, which Node answers itself, are 405 in Italian and English with Allow too", async () => {
    for (const line of ["TRACK / HTTP/1.1", "CONNECT comune-a.localhost:443 HTTP/1.1"]) {
      const res = await raw([line, "Host: comune-a.localhost", "Connection: close"]);
      expect(res.status, line).toBe(405);
      expect(res.head, line).toMatch(/^Allow: GET, HEAD, POST/im);
      // No page and no language known: the text in both languages.
      expect(res.body, line).toBe(
        "Il metodo della richiesta non è consentito su questo sito.\nThe request method is not allowed on this site.\n",
      );
    }
  });

  test("TRACE on the API answers JSON", async () => {
    const res = await raw(["TRACE /api/utenti/me HTTP/1.1", "Host: comune-a.localhost", "Connection: close"]);
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body)).toMatchObject({
      status: 405,
      title: expect.stringContaining("non è consentito"),
    });
  });
});

describe("request targets that are not paths", () => {
  test("an absolute-form request line is 400 in Italian", async () => {
    for (const target of ["http://evil.example/", "http://comune-a.localhost/", "*"]) {
      const res = await raw([`GET ${target} HTTP/1.1`, "Host: comune-a.localhost", "Connection: close"]);
      expect(res.status, target).toBe(400);
      expect(res.body, target).toContain("Richiesta non valida.");
    }
  });
});

test("a path whose escapes do not decode is 400 in Italian, its content printed nowhere", async () => {
  const printed: unknown[] = [];
  const warn = vi.spyOn(console, "warn").mockImplementation((...args) => void printed.push(args));
  try {
    for (const target of ["/area-personale/RSSMRA80A01H501U/%E0", "/faq/%", "/servizi/%zz?x=1"]) {
      const res = await raw([`GET ${target} HTTP/1.1`, "Host: comune-a.localhost", "Connection: close"]);
      expect(res.status, target).toBe(400);
      expect(res.body, target).toContain("Richiesta non valida.");
      expect(res.head, target).toMatch(/^content-security-policy: /im);
    }
    expect(printed).toEqual([]);
  } finally {
    warn.mockRestore();
  }
});

describe("the Host header", () => {
  test("two Host headers are 400, whichever municipality each names", async () => {
    const res = await raw([
      "GET /healthz HTTP/1.1",
      "Host: comune-a.localhost",
      "Host: comune-b.localhost",
      "Connection: close",
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toContain("L&#39;indirizzo del sito richiesto non è valido.");
  });

  test("a host with two ports, or none at all in HTTP/1.1, is 400 in Italian", async () => {
    for (const host of ["Host: comune-a.localhost:3000:80", "Host: comune-a.localhost:123456", "Host: a b"]) {
      const res = await raw(["GET /healthz HTTP/1.1", host, "Connection: close"]);
      expect(res.status, host).toBe(400);
      expect(res.body, host).toContain("non è valido");
    }
    const missing = await raw(["GET /healthz HTTP/1.1", "Connection: close"]);
    expect(missing.status).toBe(400);
    expect(missing.body).toContain("non è valido");
  });

  test("well-formed hosts still pass", async () => {
    for (const host of ["comune-a.localhost", "comune-a.localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      const res = await raw(["GET /healthz HTTP/1.1", `Host: ${host}`, "Connection: close"]);
      expect(res.status, host).toBe(200);
    }
  });
});
