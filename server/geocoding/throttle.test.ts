import { afterEach, describe, expect, test, vi } from "vitest";
import { QueueFullError, createFairQueue, sharedSlot, type QueueEvent } from "./throttle.ts";
import { monitorRedis, startRedis } from "#tests/support/redis-server.ts";
import { useMemoryStore, useRedisStore } from "#server/store/shared-store.ts";

afterEach(() => {
  vi.useRealTimers();
});

/** A queue with room for everything, no interval, and a record of its events. */
function queue(options: Partial<Parameters<typeof createFairQueue>[0]> = {}) {
  const events: QueueEvent[] = [];
  const q = createFairQueue({
    intervalMs: 0,
    maxQueued: 50,
    maxPerClient: 50,
    onEvent: (e) => events.push(e),
    ...options,
  });
  return { q, events };
}

/** A task that records its start and, if asked, stays running until released. */
function recorder() {
  const order: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const task =
    (name: string, hold = false) =>
    async () => {
      order.push(name);
      if (hold) await gate;
      return name;
    };
  return { order, task, release: () => release() };
}

describe("fair queue", () => {
  test("starts tasks at least the interval apart", async () => {
    vi.useFakeTimers({ now: 0 });
    const { q } = queue({ intervalMs: 1000 });
    const starts: number[] = [];
    const all = Promise.all([1, 2, 3].map(() => q.schedule("a", async () => starts.push(Date.now()))));
    await vi.runAllTimersAsync();
    await all;
    expect(starts).toEqual([0, 1000, 2000]);
  });

  test("runs one task at a time", async () => {
    const { q } = queue();
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 1));
      running--;
    };
    await Promise.all([1, 2, 3, 4].map((i) => q.schedule(`c${i % 2}`, task)));
    expect(most).toBe(1);
  });

  test("a client behind ten queued lookups of another is served second, not eleventh", async () => {
    const { q } = queue();
    const { order, task, release } = recorder();
    const all = [];
    for (let i = 1; i <= 10; i++) all.push(q.schedule("A", task(`A${i}`, i === 1)));
    all.push(q.schedule("B", task("B1")));
    release();
    await Promise.all(all);
    expect(order.indexOf("B1")).toBe(1);
    expect(order).toEqual(["A1", "B1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10"]);
  });

  test("takes turns between clients with backlogs", async () => {
    const { q } = queue();
    const { order, task, release } = recorder();
    const all = [
      q.schedule("A", task("A1", true)),
      q.schedule("A", task("A2")),
      q.schedule("A", task("A3")),
      q.schedule("B", task("B1")),
      q.schedule("B", task("B2")),
      q.schedule("C", task("C1")),
    ];
    release();
    await Promise.all(all);
    expect(order).toEqual(["A1", "B1", "C1", "A2", "B2", "A3"]);
  });

  test("refuses beyond the per-client and the overall bound, with a retry delay", async () => {
    const { q, events } = queue({ intervalMs: 1000, maxQueued: 2, maxPerClient: 1, now: () => 0 });
    const { task, release } = recorder();
    const abort = new AbortController();
    const running = q.schedule("A", task("A1", true));
    const a2 = q.schedule("A", task("A2"), abort.signal);
    const a3 = q.schedule("A", task("A3"));
    const b1 = q.schedule("B", task("B1"), abort.signal);
    const c1 = q.schedule("C", task("C1"));
    await expect(a3).rejects.toBeInstanceOf(QueueFullError);
    const full = await c1.catch((e: unknown) => e);
    expect(full).toBeInstanceOf(QueueFullError);
    // one interval still to wait, then the two waiting lookups: 3 s
    expect((full as QueueFullError).retryAfterS).toBe(3);
    expect(q.size).toBe(2);
    expect(events).toEqual(["queued", "shed", "queued", "shed"]);
    abort.abort();
    await expect(a2).rejects.toThrow();
    await expect(b1).rejects.toThrow();
    release();
    await expect(running).resolves.toBe("A1");
  });

  test("a waiting task whose caller goes away leaves the queue and never runs", async () => {
    const { q, events } = queue();
    const { order, task, release } = recorder();
    const gone = new AbortController();
    const first = q.schedule("A", task("first", true));
    const dropped = q.schedule("B", task("dropped"), gone.signal);
    const third = q.schedule("C", task("third"));
    gone.abort(new Error("client gone"));
    await expect(dropped).rejects.toThrow("client gone");
    expect(q.size).toBe(1);
    release();
    await Promise.all([first, third]);
    expect(order).toEqual(["first", "third"]);
    expect(events).toContain("dropped");
  });

  test("a caller already gone is not queued at all", async () => {
    const { q, events } = queue();
    const ran = vi.fn(async () => "x");
    await expect(q.schedule("A", ran, AbortSignal.abort())).rejects.toThrow();
    expect(ran).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  test("a failing task does not stop the queue", async () => {
    const { q } = queue();
    const failing = q.schedule("A", async () => {
      throw new Error("boom");
    });
    const next = q.schedule("B", async () => "ok");
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ok");
  });
});

describe("one budget for all replicas (Valkey/Redis)", () => {
  test("two queues sharing the slot start at most one task per interval between them, on Valkey's clock", async () => {
    const redis = await startRedis();
    useRedisStore(redis.url);
    const monitor = await monitorRedis(redis.url);
    try {
      // Two replicas' queues, each with its own clients, 200 ms apart all together.
      const name = `test-${process.pid}`;
      const replicas = [1, 2].map(() => queue({ intervalMs: 200, slot: sharedSlot(name, 200) }).q);
      let started = 0;
      const task = async () => void started++;
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => replicas[i % 2]!.schedule(`client-${i % 4}`, task)),
      );
      await monitor.settle();
      // Each turn taken is the slot script's SET of the next allowed start (Valkey's time of the turn + 200 ms):
      // one turn per task, none more, and the turns 200 ms apart on the one clock both replicas share. What a
      // process does after its turn (how late its timer fires on a busy machine) is not measured.
      const turns = monitor.commands
        .filter(
          (c) => c.fromScript && c.args[0]?.toUpperCase() === "SET" && c.args[1] === `portal:slot:${name}`,
        )
        .map((c) => Number(c.args[2]) - 200);
      expect(started).toBe(8);
      expect(turns).toHaveLength(8);
      const gaps = turns.slice(1).map((t, i) => t - turns[i]!);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(200);
    } finally {
      await monitor.stop();
      await useMemoryStore();
      await redis.stop();
    }
  });
});
