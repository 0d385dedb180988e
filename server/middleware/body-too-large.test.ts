import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { HOSTS, xsrfToken } from "#tests/support/portal-requests.ts";

// A 413 on a keep-alive connection, through the real Express app, read with a raw HTTP client: the answer says the
// connection closes, the server really closes it, and the answer carries the headers every answer has.
let upstream: Awaited<ReturnType<typeof startTestUpstream>>;
let server: Server;
let port: number;
beforeAll(async () => {
  upstream = await startTestUpstream((_req, res) => res.end("{}"));
  const { app } = testApp({ upstreamUrl: upstream.url, env: { BODY_LIMIT: "1kb" } });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await upstream.close();
});

type RawAnswer = { head: string; headers: Map<string, string>; body: string };

/**
 * Sends `request` (then `rest`, if any) on a keep-alive connection and reads until the server ends the connection
 * (it never does on a keep-alive connection it means to keep: the test would time out), then tells what it answered.
 */
function rawExchange(request: string, rest?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const [headText = "", body = ""] = received.split("\r\n\r\n");
      const [head = "", ...lines] = headText.split("\r\n");
      const headers = new Map(
        lines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      socket.destroy();
      resolve({ head, headers, body });
    });
    socket.write(request, () => rest && socket.write(rest, () => undefined));
  });
}

const HOST = HOSTS.a;

describe("a body past the limit on a keep-alive connection", () => {
  test("a page's 413 says Connection: close, carries the page headers (CSP…), and the server closes", async () => {
    const answer = await rawExchange(
      [
        "POST /valutazione HTTP/1.1",
        `Host: ${HOST}`,
        "Connection: keep-alive",
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${64 * 1024}`,
        "",
        "x=1",
      ].join("\r\n"),
    );
    expect(answer.head).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer.headers.get("connection")).toBe("close");
    expect(answer.headers.get("content-security-policy")).toMatch(
      /default-src 'self'.*frame-ancestors 'none'/,
    );
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(answer.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(answer.body).toContain("Il contenuto inviato è troppo grande");
  });

  test("so does a chunked page body that passes the limit as it streams", async () => {
    const xsrf = xsrfToken();
    const chunk = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n`;
    const answer = await rawExchange(
      [
        "POST /valutazione HTTP/1.1",
        `Host: ${HOST}`,
        "Connection: keep-alive",
        `Cookie: ${xsrf.cookie}`,
        `X-XSRF-TOKEN: ${xsrf.token}`,
        "Content-Type: application/x-www-form-urlencoded",
        "Transfer-Encoding: chunked",
        "",
        chunk("details="),
      ].join("\r\n"),
      chunk("x".repeat(2048)),
    );
    expect(answer.head).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer.headers.get("connection")).toBe("close");
    expect(answer.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a proxied call's 413 says Connection: close and carries a proxied answer's headers, in Italian JSON", async () => {
    const xsrf = xsrfToken();
    const answer = await rawExchange(
      [
        "POST /api-public/feedback HTTP/1.1",
        `Host: ${HOST}`,
        "Connection: keep-alive",
        `Cookie: ${xsrf.cookie}`,
        `X-XSRF-TOKEN: ${xsrf.token}`,
        "Content-Type: application/json",
        `Content-Length: ${64 * 1024}`,
        "",
        '{"details":"',
      ].join("\r\n"),
    );
    expect(answer.head).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer.headers.get("connection")).toBe("close");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 413,
      title: expect.stringContaining("troppo grande"),
    });
    expect(upstream.received).toHaveLength(0);
  });
});
