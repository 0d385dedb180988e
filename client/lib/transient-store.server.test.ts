import { describe, expect, test } from "vitest";
import { TRANSIENT_KEY_PATTERN, createTransientStore } from "./transient-store.server.ts";

describe("createTransientStore", () => {
  test("put gives a fresh unguessable key for each value", () => {
    const store = createTransientStore<string>({ ttlMs: 1000, maxEntries: 10 });
    const a = store.put("uno");
    const b = store.put("uno");
    expect(a).toMatch(TRANSIENT_KEY_PATTERN);
    expect(b).not.toBe(a);
    expect(store.get(a)).toBe("uno");
    expect(store.get(undefined)).toBeUndefined();
    expect(store.get("not-a-key")).toBeUndefined();
  });

  test("forgets entries after the time to live, and the least recently used beyond the count", () => {
    let now = 1_000;
    const store = createTransientStore<number>({ ttlMs: 1000, maxEntries: 2, now: () => now });
    store.set("a", 1);
    store.set("b", 2);
    expect(store.get("a")).toBe(1);
    store.set("c", 3);
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")).toBe(1);
    now += 1500;
    expect(store.get("a")).toBeUndefined();
    expect(store.get("c")).toBeUndefined();
  });

  test("keeps the bytes held within the bound, evicting the oldest entries", () => {
    const store = createTransientStore<Uint8Array>({
      ttlMs: 60_000,
      maxEntries: 100,
      maxBytes: 3 * 1024,
      sizeOf: (v) => v.byteLength,
    });
    const first = store.put(new Uint8Array(1024));
    const second = store.put(new Uint8Array(1024));
    const third = store.put(new Uint8Array(1024));
    expect([first, second, third].map((k) => store.get(k)?.byteLength)).toEqual([1024, 1024, 1024]);
    const fourth = store.put(new Uint8Array(1024));
    expect(store.get(first)).toBeUndefined();
    expect(store.get(fourth)?.byteLength).toBe(1024);
    expect(store.size).toBe(3);
  });

  test("delete forgets a key, and tolerates none", () => {
    const store = createTransientStore<string>({ ttlMs: 1000, maxEntries: 10 });
    const key = store.put("x");
    store.delete(key);
    store.delete(undefined);
    expect(store.get(key)).toBeUndefined();
  });
});
