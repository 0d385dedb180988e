import { spawn } from "node:child_process";
import { request } from "node:http";
import { afterEach, expect, test } from "vitest";
import { startTestUpstream } from "#tests/support/test-app.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // A fresh connection each time (no keep-alive agent): "stops accepting" is about new connections.
    const req = request(
      { host: "127.0.0.1", port, path, agent: false, headers: { host: "comune-a.localhost" } },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

test("on SIGTERM the server stops accepting, finishes the request in flight and exits", async () => {
  // An upstream that takes a second to answer keeps one request in flight while the signal arrives.
  const upstream = await startTestUpstream((_req, res) => {
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"slow":true}');
    }, 1000);
  });
  closers.push(upstream.close);
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      UPSTREAM_URL: upstream.url,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  closers.push(async () => void child.kill("SIGKILL"));
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  await expect.poll(() => output.includes("listening"), { timeout: 15_000 }).toBe(true);

  const inFlight = get(port, "/api-public/slow");
  await new Promise((r) => setTimeout(r, 200));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on("exit", (code) => resolve({ code, at: Date.now() })),
  );
  const signalled = Date.now();
  child.kill("SIGTERM");

  const answer = await inFlight;
  expect(answer).toEqual({ status: 200, body: '{"slow":true}' });
  await expect(get(port, "/healthz")).rejects.toThrow();
  const { code, at } = await exited;
  expect(code).toBe(0);
  expect(at - signalled).toBeLessThan(10_000);
  expect(output).toContain("shutting down");
}, 30_000);
