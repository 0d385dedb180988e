import { spawn } from "node:child_process";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
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

/** Starts the real server process against `upstreamUrl` and waits until it listens. */
async function startPortal(upstreamUrl: string) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      UPSTREAM_URL: upstreamUrl,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  closers.push(async () => void child.kill("SIGKILL"));
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  await expect.poll(() => output.includes("listening"), { timeout: 60_000 }).toBe(true);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on("exit", (code) => resolve({ code, at: Date.now() })),
  );
  return { port, child, exited, output: () => output };
}

/** A raw keep-alive connection (HTTP/1.1 keeps it open by default) that records what it receives. */
function keepAliveConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  // The client never closes it before the test ends.
  closers.push(async () => void socket.destroy());
  let received = "";
  let closed = false;
  socket.on("data", (c) => (received += c));
  socket.on("close", () => (closed = true));
  socket.on("error", () => {});
  return {
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: comune-a.localhost\r\n\r\n`),
    received: () => received,
    closed: () => closed,
  };
}

/**
 * An upstream that holds its answers until the test releases them: it keeps a request in flight while the signal
 * arrives. `arrived()` resolves once a request is held (the portal has it in flight).
 */
async function slowUpstream() {
  const held: Array<{ url: string; answer: () => void }> = [];
  const upstream = await startTestUpstream((req, res) => {
    held.push({
      url: req.url ?? "",
      answer: () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"slow":true}');
      },
    });
  });
  closers.push(upstream.close);
  return {
    ...upstream,
    // The relayed logout call, not the portal's own start-up calls (its municipalities' configuration), which the
    // upstream holds too.
    arrived: () => expect.poll(() => held.some((request) => request.url.includes("logout"))).toBe(true),
    release: () => held.splice(0).forEach((request) => request.answer()),
  };
}

test("on SIGTERM the server stops accepting, finishes the request in flight and exits", async () => {
  const upstream = await slowUpstream();
  const { port, child, exited, output } = await startPortal(upstream.url);

  const inFlight = get(port, "/api/utenti/logout");
  await upstream.arrived();
  const signalled = Date.now();
  child.kill("SIGTERM");
  // The server has stopped accepting before the answer in flight is released.
  await expect.poll(() => output()).toContain("shutting down");
  await expect(get(port, "/healthz")).rejects.toThrow();
  upstream.release();

  const answer = await inFlight;
  expect(answer).toEqual({ status: 200, body: '{"slow":true}' });
  const { code, at } = await exited;
  expect(code).toBe(0);
  expect(at - signalled).toBeLessThan(10_000);
  expect(output()).toContain("shutting down");
}, 30_000);

test("on SIGTERM keep-alive connections do not hold the exit back: idle ones close after a short grace, busy ones after their answer", async () => {
  const upstream = await slowUpstream();
  // SHUTDOWN_TIMEOUT_MS keeps its default (15 s): a connection left open would hold the exit back that long.
  const portal = await startPortal(upstream.url);

  const idle = keepAliveConnection(portal.port);
  idle.send("/healthz");
  await expect.poll(() => idle.received()).toContain('{"status":"ok"}');
  expect(idle.received()).toMatch(/connection: keep-alive/i);
  const busy = keepAliveConnection(portal.port);
  busy.send("/api/utenti/logout");
  await upstream.arrived();

  expect(idle.closed()).toBe(false);
  const signalled = Date.now();
  portal.child.kill("SIGTERM");
  await expect.poll(() => portal.output()).toContain("shutting down");
  upstream.release();
  // The old shutdown waited for SHUTDOWN_TIMEOUT_MS because of the busy connection, idle after its answer.
  const { code, at } = await portal.exited;
  expect(code).toBe(0);
  expect(at - signalled).toBeLessThan(5_000);
  // The in-flight answer arrived whole, and told the client the connection ends with it.
  // (The child's exit can be seen before this socket's last bytes are read: wait for them.)
  await expect.poll(() => busy.received()).toContain('{"slow":true}');
  expect(busy.received()).toMatch(/connection: close/i);
}, 30_000);
