import { describe, expect, test, vi } from "vitest";
import { createSwrCache } from "./swr-cache.ts";

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("stale-while-revalidate cache", () => {
  test("concurrent misses share one load", async () => {
    const cache = createSwrCache<number>({ name: "t", ttlMs: 1000, maxStaleMs: 10_000 });
    const loader = vi.fn(async () => 42);
    const values = await Promise.all([
      cache.get("k", loader),
      cache.get("k", loader),
      cache.get("k", loader),
    ]);
    expect(values).toEqual([42, 42, 42]);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  test("serves the fresh value within the TTL", async () => {
    const c = clock();
    const cache = createSwrCache<number>({ name: "t", ttlMs: 1000, maxStaleMs: 10_000, now: c.now });
    const loader = vi.fn(async () => 1);
    await cache.get("k", loader);
    c.advance(999);
    await cache.get("k", loader);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  test("serves the stale value while one refresh runs", async () => {
    const c = clock();
    const cache = createSwrCache<number>({ name: "t", ttlMs: 1000, maxStaleMs: 10_000, now: c.now });
    await cache.get("k", async () => 1);
    c.advance(2000);
    let release!: (v: number) => void;
    const slow = vi.fn(() => new Promise<number>((r) => (release = r)));
    expect(await cache.get("k", slow)).toBe(1);
    expect(await cache.get("k", slow)).toBe(1);
    expect(slow).toHaveBeenCalledTimes(1);
    release(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("k", slow)).toBe(2);
  });

  test("keeps serving the old value when the upstream fails (stale-if-error)", async () => {
    const c = clock();
    const onRefreshError = vi.fn();
    const cache = createSwrCache<number>({
      name: "t",
      ttlMs: 1000,
      maxStaleMs: 10_000,
      now: c.now,
      onRefreshError,
    });
    await cache.get("k", async () => 1);
    c.advance(5000);
    const failing = async () => {
      throw new Error("upstream down");
    };
    expect(await cache.get("k", failing)).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(onRefreshError).toHaveBeenCalledOnce();
    expect(await cache.get("k", failing)).toBe(1);
  });

  test("fails once the value is older than the stale window and the upstream is down", async () => {
    const c = clock();
    const cache = createSwrCache<number>({ name: "t", ttlMs: 1000, maxStaleMs: 1000, now: c.now });
    await cache.get("k", async () => 1);
    c.advance(5000);
    await expect(
      cache.get("k", async () => {
        throw new Error("down");
      }),
    ).rejects.toThrow("down");
  });
});
