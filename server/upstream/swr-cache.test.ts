import { describe, expect, test, vi } from "vitest";
import { createSwrCache } from "./swr-cache.ts";

function clock(start = 1000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

type Box = { n: number };
const box = (n: number) => async (): Promise<Box> => ({ n });

/** A cache whose loader each test swaps, as the tenant service's loader would answer differently over time. */
function cacheWith(options: {
  ttlMs?: number;
  maxStaleMs?: number;
  now?: () => number;
  onRefreshError?: () => void;
}) {
  let loader: () => Promise<Box> = box(0);
  const cache = createSwrCache<Box, undefined>({
    name: "t",
    ttlMs: options.ttlMs ?? 1000,
    maxStaleMs: options.maxStaleMs ?? 10_000,
    now: options.now,
    onRefreshError: options.onRefreshError,
    load: () => loader(),
  });
  return {
    get: (load: () => Promise<Box>) => {
      loader = load;
      return cache.get("k", undefined).then((v) => v.n);
    },
    cache,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("stale-while-revalidate cache", () => {
  test("concurrent misses share one load", async () => {
    const { get } = cacheWith({});
    const loader = vi.fn(box(42));
    const values = await Promise.all([get(loader), get(loader), get(loader)]);
    expect(values).toEqual([42, 42, 42]);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  test("serves the fresh value within the TTL", async () => {
    const c = clock();
    const { get } = cacheWith({ now: c.now });
    const loader = vi.fn(box(1));
    await get(loader);
    c.advance(999);
    await get(loader);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  test("serves the stale value while one refresh runs", async () => {
    const c = clock();
    const { get } = cacheWith({ now: c.now });
    await get(box(1));
    c.advance(2000);
    let release!: (v: Box) => void;
    const slow = vi.fn(() => new Promise<Box>((r) => (release = r)));
    expect(await get(slow)).toBe(1);
    expect(await get(slow)).toBe(1);
    expect(slow).toHaveBeenCalledTimes(1);
    release({ n: 2 });
    await tick();
    expect(await get(slow)).toBe(2);
  });

  test("keeps serving the old value when the upstream fails (stale-if-error)", async () => {
    const c = clock();
    const onRefreshError = vi.fn();
    const { get, cache } = cacheWith({ now: c.now, onRefreshError });
    await get(box(1));
    c.advance(5000);
    const failing = async (): Promise<Box> => {
      throw new Error("upstream down");
    };
    expect(await get(failing)).toBe(1);
    await tick();
    expect(onRefreshError).toHaveBeenCalledOnce();
    expect(await get(failing)).toBe(1);
    expect(cache.has("k")).toBe(true);
  });

  test("fails once the value is older than the stale window and the upstream is down", async () => {
    const c = clock();
    const { get, cache } = cacheWith({ now: c.now, maxStaleMs: 1000 });
    await get(box(1));
    c.advance(5000);
    await expect(
      get(async () => {
        throw new Error("down");
      }),
    ).rejects.toThrow("down");
    expect(cache.has("k")).toBe(false);
  });
});
