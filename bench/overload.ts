// The overload run of bench/run.ts: many keep-alive connections, each sending its next request as soon as the last
// one was answered, recording every answer's status and time (autocannon cannot tell served answers from shed ones).
import { Agent } from "node:http";
import { get } from "./support.ts";

export type OverloadRequest = { path: string; headers: Record<string, string> };

export type OverloadResult = {
  connections: number;
  seconds: number;
  total: number;
  served: number;
  servedPerSec: number;
  servedP50Ms: number;
  servedP99Ms: number;
  shed: number;
  shedP99Ms: number;
  other5xx: number;
  errors: number;
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runOverload(options: {
  url: string;
  connections: number;
  seconds: number;
  requests: OverloadRequest[];
  /**
   * The client's keep-alive connections; a run without one opens (and at its end closes) its own. The soak's slices
   * share one, as browsers and a reverse proxy keep theirs: a fresh set of 200 connections every 30 s would measure
   * how fast a saturated portal accepts new connections (about ten a second, measured), not how it serves.
   */
  agent?: Agent;
}): Promise<OverloadResult> {
  const agent = options.agent ?? new Agent({ keepAlive: true, maxSockets: options.connections });
  const served: number[] = [];
  const shed: number[] = [];
  let other5xx = 0;
  let errors = 0;
  let next = 0;
  const end = performance.now() + options.seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const request = options.requests[next++ % options.requests.length]!;
      const started = performance.now();
      try {
        const reply = await get(`${options.url}${request.path}`, request.headers, {
          agent,
          timeoutMs: 15_000,
        });
        const ms = performance.now() - started;
        if (reply.status === 503 && reply.headers["retry-after"]) shed.push(ms);
        else if (reply.status >= 500) other5xx++;
        else served.push(ms);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  if (!options.agent) agent.destroy();
  served.sort((a, b) => a - b);
  shed.sort((a, b) => a - b);
  return {
    connections: options.connections,
    seconds: options.seconds,
    total: served.length + shed.length + other5xx + errors,
    served: served.length,
    servedPerSec: Math.round(served.length / options.seconds),
    servedP50Ms: Math.round(percentile(served, 50)),
    servedP99Ms: Math.round(percentile(served, 99)),
    shed: shed.length,
    shedP99Ms: Math.round(percentile(shed, 99)),
    other5xx,
    errors,
  };
}
