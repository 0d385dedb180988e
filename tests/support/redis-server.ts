import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createConnection } from "node:net";
import { freePort } from "./ports.ts";

/**
 * A real Redis (Debian's `redis-server`) for the shared-store tests: no persistence, on a free port, stopped and
 * started again by the fault tests. Never skipped: without the binary the test fails and says how to install it
 * (`.ci/run` installs it when missing).
 */
export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? "/usr/bin/redis-server";

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.write("PING\r\n");
    });
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
  });
}

export type TestRedis = {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: no persistence). */
  start(): Promise<void>;
};

export async function startRedis(): Promise<TestRedis> {
  if (!existsSync(REDIS_SERVER_BIN))
    throw new Error(
      `${REDIS_SERVER_BIN} is missing: apt-get install redis-server (the shared-store tests need it)`,
    );
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn(
      REDIS_SERVER_BIN,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    const started = child;
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once("exit", r));
    running.kill("SIGTERM");
    await exited;
  }

  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}

/**
 * The process's store connection (the server's, server/store/shared-store.ts), for tests of the pages' stores that
 * run without an app: client/ code may not import server/ (eslint.config.js), its tests reach it here.
 */
export { useMemoryStore, useRedisStore } from "#server/store/shared-store.ts";

/** A command as Valkey/Redis ran it (MONITOR): its arguments, and whether a Lua script ran it. */
export type MonitoredCommand = { args: string[]; fromScript: boolean };

/**
 * Every command the server at `url` runs from now on, in the order it ran them, as MONITOR reports them (a Lua
 * script's own commands included). Tests read what the server did instead of timing it from outside: `settle()`
 * waits until every command run before it has been reported.
 */
export async function monitorRedis(url: string) {
  const { createClient } = await import("redis");
  const commands: MonitoredCommand[] = [];
  const client = createClient({ url });
  await client.connect();
  const marker = `monitor-settled-${process.pid}`;
  let settled = 0;
  const waiting: Array<() => void> = [];
  await client.monitor((line: string) => {
    const args = [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1"));
    if (args[0]?.toUpperCase() === "ECHO" && args[1] === marker) {
      settled++;
      waiting.shift()?.();
      return;
    }
    commands.push({ args, fromScript: / \[\d+ lua\] /.test(line) });
  });
  const probe = createClient({ url });
  await probe.connect();
  return {
    commands,
    /** Resolves once MONITOR has reported every command the server ran before this call. */
    async settle() {
      const seen = new Promise<void>((resolve) => waiting.push(resolve));
      await probe.echo(marker);
      await seen;
      return settled;
    },
    async stop() {
      // A monitoring connection takes no QUIT: both are closed at once.
      probe.destroy();
      client.destroy();
    },
  };
}
