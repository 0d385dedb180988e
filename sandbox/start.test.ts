import { connect } from "node:net";
import { expect, test } from "vitest";
import { playsGaps } from "./gaps.ts";
import { startSandbox } from "./start.ts";

test("the sandbox listens on a random loopback port and closes cleanly", async () => {
  const sandbox = await startSandbox({ port: 0 });
  try {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${sandbox.url}/__sandbox/health`);
    expect(health.status).toBe(200);
    const config = await fetch(`${sandbox.url}/api-public/configComune/fromtenant`, {
      headers: { "X-Forwarded-Host": "servizi.comune.valverde.it" },
    });
    expect((await config.json()).nome).toBe("Comune di Valverde");
  } finally {
    await sandbox.close();
  }
  await expect(fetch(`${sandbox.url}/__sandbox/health`)).rejects.toThrow();
});

test("it hands back the state it serves and plays gaps mode when asked (tests read and change the upstream)", async () => {
  const sandbox = await startSandbox({ port: 0, gaps: true });
  try {
    expect(playsGaps(sandbox.store)).toBe(true);
    const fault = await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kb: "down" }),
    });
    expect(fault.status).toBe(200);
    expect(sandbox.store.state.faults).toEqual({ kb: "down" });
  } finally {
    await sandbox.close();
  }
});

test("closing does not wait for a client that gave up in the middle of a request", async () => {
  const sandbox = await startSandbox({ port: 0 });
  const { port } = new URL(sandbox.url);
  // A request whose headers never end: the server counts its connection busy until its keep-alive (65 s) ends.
  const socket = connect(Number(port), "127.0.0.1");
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
  socket.write("GET /__sandbox/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  await expect.poll(() => socket.bytesWritten).toBeGreaterThan(0);
  await sandbox.close();
  await closed;
  expect(socket.destroyed).toBe(true);
}, 10_000);
