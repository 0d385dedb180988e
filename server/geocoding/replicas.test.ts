import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startReplicas, type Replicas } from "../../bench/replicas.ts";

// Nominatim's 1 request/s across processes (issue #26): two production portals (`node server/index.ts`, the build),
// one real redis-server (REDIS_URL), one sandbox whose geocoder counts what it receives. A flood of address searches
// through BOTH portals: the sandbox sees at most one lookup a second from the two together, the flooder gets 429
// beyond the queue's bounds, and the other clients are still answered (fair per client, as with one process).
let cluster: Replicas;
beforeAll(async () => {
  cluster = await startReplicas({ replicas: 2, redis: true, logLevel: "warn" });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
}, 30_000);

type Arrivals = { count: number; arrivals: number[] };
const upstreamSeen = async (): Promise<Arrivals> =>
  (await (await fetch(`${cluster.sandboxUrl}/geocoder/__requests`)).json()) as Arrivals;

/** A search on replica `i` as a browser behind the reverse proxy: the client's address in X-Forwarded-For. */
async function search(i: number, client: string, q: string): Promise<{ status: number; body: unknown }> {
  const port = cluster.replicas[i % 2]!.port;
  const res = await fetch(`http://127.0.0.1:${port}/geocoding/search?q=${encodeURIComponent(q)}`, {
    headers: {
      "x-forwarded-for": client,
      "x-forwarded-proto": "https",
      "x-forwarded-host": "comune-a.localhost",
      accept: "application/json",
    },
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, body: await res.json() };
}

describe("geocoding behind two replicas and one Valkey", () => {
  test("a flood through both portals reaches the geocoder at most once a second in all, and every other client is answered", async () => {
    const before = await upstreamSeen();
    const started = Date.now();
    const FLOODER = "203.0.113.66";
    // 40 distinct addresses (cache misses) from one client, half on each replica, all at once.
    const flood = Array.from({ length: 40 }, (_, i) => search(i, FLOODER, `via abuso ${i} valverde`));
    // Two ordinary citizens, one search on each replica each, while the flood waits.
    const citizens = ["203.0.113.10", "203.0.113.11"].flatMap((client, c) =>
      [0, 1].map((i) => search(i, client, `via roma ${c * 2 + i + 1} valverde`)),
    );
    const [flooded, answered] = await Promise.all([Promise.all(flood), Promise.all(citizens)]);
    const after = await upstreamSeen();

    // The flooder: at most 3 waiting per client in each process's queue, the rest refused at once.
    const statuses = flooded.map((r) => r.status);
    const served = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s === 429).length).toBe(40 - served);
    expect(served).toBeGreaterThanOrEqual(2);
    expect(served).toBeLessThanOrEqual(8);
    // The citizens: every search answered, none refused.
    expect(answered.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    // The sandbox's count: one lookup per answered search (distinct questions), no more.
    const arrivals = after.arrivals.slice(before.arrivals.length);
    expect(after.count - before.count).toBe(served + 4);
    expect(arrivals).toHaveLength(served + 4);
    // At most one a second in all: the turns are 1 s apart on Valkey's clock; between a turn and its arrival at the
    // sandbox a busy portal may lose up to ~200 ms, so 800 ms is the floor (two portals each on its own 1/s
    // budget give gaps of a few ms). Over the whole flood, N lookups took at least N - 1 turns of 1 s: the measured
    // span may fall short of that only by the first and the last arrival's lag (at most 200 ms each, as above).
    const gaps = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
    expect(Math.min(...gaps), `gaps between lookups: ${gaps.join(", ")} ms`).toBeGreaterThanOrEqual(800);
    const spanS = (arrivals.at(-1)! - arrivals[0]!) / 1000;
    expect(arrivals.length - 1, `${arrivals.length} lookups in ${spanS} s`).toBeLessThanOrEqual(spanS + 0.4);
    expect(arrivals[0]!).toBeGreaterThanOrEqual(started);
  }, 90_000);
});
