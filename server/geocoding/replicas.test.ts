import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startReplicas, type Replicas } from "../../bench/replicas.ts";
import { monitorRedis } from "#tests/support/redis-server.ts";

// Nominatim's 1 request/s across processes (issue #26): two production portals (`node server/index.ts`, the build),
// one real redis-server (REDIS_URL), one sandbox whose geocoder counts what it receives. A flood of address searches
// through BOTH portals: the sandbox sees at most one lookup a second from the two together, the flooder gets 429
// beyond the queue's bounds, and the other clients are still answered (fair per client, as with one process). "Once a
// second" is read on Valkey's clock, the one both portals share: each lookup's turn is the slot script's SET in
// Valkey (MONITOR), never how late a busy machine's timers fire.
let cluster: Replicas;
// Kept so that a cluster still starting when its hook gives up is stopped all the same (no process left behind).
let starting: Promise<Replicas> | undefined;
beforeAll(async () => {
  starting = startReplicas({ replicas: 2, redis: true, logLevel: "warn" });
  cluster = await starting;
}, 300_000);
afterAll(async () => {
  await (await starting?.catch(() => undefined))?.stop();
}, 300_000);

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
    const monitor = await monitorRedis(cluster.redisUrl!);
    try {
      const before = await upstreamSeen();
      const FLOODER = "203.0.113.66";
      // 40 distinct addresses (cache misses) from one client, half on each replica, all at once.
      const flood = Array.from({ length: 40 }, (_, i) => search(i, FLOODER, `via abuso ${i} valverde`));
      // Two ordinary citizens, one search on each replica each, while the flood waits.
      const citizens = ["203.0.113.10", "203.0.113.11"].flatMap((client, c) =>
        [0, 1].map((i) => search(i, client, `via roma ${c * 2 + i + 1} valverde`)),
      );
      const [flooded, answered] = await Promise.all([Promise.all(flood), Promise.all(citizens)]);
      const after = await upstreamSeen();
      await monitor.settle();

      // The flooder: at most 3 waiting per client in each process's queue, the rest refused at once.
      const statuses = flooded.map((r) => r.status);
      const served = statuses.filter((s) => s === 200).length;
      expect(statuses.filter((s) => s === 429).length).toBe(40 - served);
      expect(served).toBeGreaterThanOrEqual(2);
      expect(served).toBeLessThanOrEqual(8);
      // The citizens: every search answered, none refused.
      expect(answered.map((r) => r.status)).toEqual([200, 200, 200, 200]);

      // The sandbox's count: one lookup per answered search (distinct questions), no more.
      expect(after.count - before.count).toBe(served + 4);
      expect(after.arrivals.slice(before.arrivals.length)).toHaveLength(served + 4);
      // One turn of the shared budget per lookup, none taken without it: the slot script's SETs of the next allowed
      // start (the turn's time on Valkey's clock + 1 s), as many as the lookups the sandbox saw, each 1 s after the
      // one before at least (two portals each on its own 1/s budget would take no turn in Valkey at all).
      const turns = monitor.commands
        .filter(
          (c) => c.fromScript && c.args[0]?.toUpperCase() === "SET" && c.args[1] === "portal:slot:geocoding",
        )
        .map((c) => Number(c.args[2]) - 1000);
      expect(turns).toHaveLength(served + 4);
      const gaps = turns.slice(1).map((at, i) => at - turns[i]!);
      expect(Math.min(...gaps), `gaps between turns: ${gaps.join(", ")} ms`).toBeGreaterThanOrEqual(1000);
    } finally {
      await monitor.stop();
    }
  }, 90_000);
});
