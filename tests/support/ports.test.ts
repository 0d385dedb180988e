import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { expect, test } from "vitest";
import { freePort, reservePort } from "./ports.ts";

const ephemeralStart = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0]);

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

test("a reserved port is outside the kernel's ephemeral range, and nobody else's until released", async () => {
  const { port, release } = await reservePort();
  expect(port).toBeGreaterThanOrEqual(10_000);
  expect(port).toBeLessThan(ephemeralStart);
  expect(await canListen(port)).toBe(false);
  await release();
  expect(await canListen(port)).toBe(true);
});

test("a free port is one nobody holds", async () => {
  const port = await freePort();
  expect(port).toBeLessThan(ephemeralStart);
  expect(await canListen(port)).toBe(true);
});
