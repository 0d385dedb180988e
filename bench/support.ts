// Small helpers shared by bench/run.ts and bench/abuse.ts.
import { request, type Agent, type IncomingHttpHeaders } from "node:http";
import { cpus, totalmem } from "node:os";
import { DEMO_TENANTS } from "#tests/support/demo-tenants.ts";

/** A whole-number setting from the environment, clamped to [min, max]. */
export function setting(name: string, fallback: number, min: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
}

export const TENANT_HOST = DEMO_TENANTS["comune-a"].portalHost;

// A browser's User-Agent: bots get the document only when all of it is ready (see client/entry.server.tsx).
export const BROWSER = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "accept-language": "it-IT,it;q=0.9",
};

export type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** GET with an explicit Host header (fetch ignores a custom Host). */
export function get(
  url: string,
  headers: Record<string, string>,
  options: { timeoutMs?: number; agent?: Agent | false } = {},
): Promise<Reply> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolvePromise, reject) => {
    // The socket's idle timeout below, and this deadline for the whole exchange (a server may drip bytes).
    const deadline = setTimeout(
      () => req.destroy(new TimeoutError(`GET ${url}: no answer in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const settle = (done: () => void) => {
      clearTimeout(deadline);
      done();
    };
    const req = request(url, { headers, agent: options.agent, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        settle(() =>
          resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        ),
      );
      res.on("error", (error) => settle(() => reject(error)));
    });
    req.on("timeout", () => req.destroy(new TimeoutError(`GET ${url}: timeout`)));
    req.on("error", (error) => settle(() => reject(error)));
    req.end();
  });
}

export class TimeoutError extends Error {
  override name = "TimeoutError";
}

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toPrecision(3)) : null);

/** The machine a run was measured on, for the results file. */
export function machineInfo() {
  return {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "",
    memoryGiB: round(totalmem() / 2 ** 30, 1),
  };
}
