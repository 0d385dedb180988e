import { readFileSync } from "node:fs";
import { createServer, type AddressInfo, type Server } from "node:net";

/**
 * Ports for servers a test starts as another process (the portal, nginx, Redis), where the port must be chosen before
 * the server binds it. They come from below the kernel's ephemeral range: a port the kernel hands out for `listen(0)`
 * (supertest's servers, every in-process sandbox) comes from that range, so one of those can never take a port chosen
 * here in the moment between choosing it and the child binding it (CI: a replica's port, looked up with `listen(0)`,
 * was meanwhile another test's supertest server, which answered its readiness probe and then went away: nginx's 502).
 */
const FIRST = 10_000;

/** The first port of the kernel's ephemeral range (`ip_local_port_range`), 32768 when it cannot be read. */
function ephemeralStart(): number {
  try {
    const first = Number(
      readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0],
    );
    return Number.isInteger(first) && first > 0 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" || error.code === "EACCES" ? resolve(false) : reject(error),
    );
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
}

/**
 * A free port kept bound until `release()`: for a port that must be known long before its server starts (nginx's,
 * told to the sandbox first), so that no other process is handed it meanwhile.
 */
export async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const last = ephemeralStart() - 1;
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = last > FIRST ? FIRST + Math.floor(Math.random() * (last - FIRST)) : 0;
    const holder = createServer();
    if (!(await listen(holder, port))) continue;
    const bound = (holder.address() as AddressInfo).port;
    return { port: bound, release: () => new Promise<void>((done) => holder.close(() => done())) };
  }
  throw new Error(`no free port between ${FIRST} and ${last}`);
}

/** A port free now (bound, read, released): for a server started at once. */
export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}
