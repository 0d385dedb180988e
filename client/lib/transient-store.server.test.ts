import { describe, expect, test } from "vitest";
import { TRANSIENT_KEY_PATTERN, createTransientStore, type StorePut } from "./transient-store.server.ts";

const ALICE = { client: "192.0.2.1" };
const MALLORY = { client: "198.51.100.7" };
const keyOf = (put: StorePut) => {
  if (!put.ok) throw new Error(`refused: ${put.refused}`);
  return put.key;
};

describe("createTransientStore", () => {
  test("put gives a fresh unguessable key for each value", () => {
    const store = createTransientStore<string>({
      ttlMs: 1000,
      maxEntries: 10,
      perClient: { maxEntries: 10 },
    });
    const a = keyOf(store.put("uno", ALICE));
    const b = keyOf(store.put("uno", ALICE));
    expect(a).toMatch(TRANSIENT_KEY_PATTERN);
    expect(b).not.toBe(a);
    expect(store.get(a)).toBe("uno");
    expect(store.get(undefined)).toBeUndefined();
    expect(store.get("not-a-key")).toBeUndefined();
  });

  test("a flood from one client is refused at its quota; another client's entry survives and it may still put", () => {
    const store = createTransientStore<Uint8Array>({
      ttlMs: 60_000,
      maxEntries: 100,
      maxBytes: 64 * 1024,
      sizeOf: (v) => v.byteLength,
      perClient: { maxEntries: 10, maxBytes: 16 * 1024 },
    });
    const alices = keyOf(store.put(new Uint8Array(1024), ALICE));
    const flood = Array.from({ length: 200 }, () => store.put(new Uint8Array(1024), MALLORY));
    expect(flood.filter((p) => p.ok)).toHaveLength(10);
    expect(flood.at(-1)).toEqual({ ok: false, refused: "client" });
    expect(store.get(alices)?.byteLength).toBe(1024);
    expect(store.put(new Uint8Array(1024), ALICE).ok).toBe(true);
    // The bytes quota too: one big value more than the client may hold.
    expect(store.put(new Uint8Array(17 * 1024), { client: "203.0.113.9" })).toEqual({
      ok: false,
      refused: "client",
    });
  });

  test("a full store refuses the newcomer and evicts nobody; the time to live frees space", () => {
    let now = 1_000;
    const store = createTransientStore<Uint8Array>({
      ttlMs: 1000,
      maxEntries: 100,
      maxBytes: 3 * 1024,
      sizeOf: (v) => v.byteLength,
      perClient: { maxEntries: 10, maxBytes: 1024 },
      now: () => now,
    });
    const held = ["10.0.0.1", "10.0.0.2", "10.0.0.3"].map((client) =>
      keyOf(store.put(new Uint8Array(1024), { client })),
    );
    now += 500;
    expect(store.put(new Uint8Array(1024), { client: "10.0.0.4" })).toEqual({ ok: false, refused: "full" });
    expect(held.map((k) => store.get(k)?.byteLength)).toEqual([1024, 1024, 1024]);
    expect(store.size).toBe(3);
    expect(store.bytes).toBe(3 * 1024);
    now += 600;
    expect(store.get(held[0])).toBeUndefined();
    const late = keyOf(store.put(new Uint8Array(1024), { client: "10.0.0.4" }));
    expect(store.get(late)?.byteLength).toBe(1024);
    expect(store.size).toBe(1);
  });

  test("the count bound refuses the newcomer too, and expiry gives the client its quota back", () => {
    let now = 0;
    const store = createTransientStore<number>({
      ttlMs: 1000,
      maxEntries: 2,
      perClient: { maxEntries: 1 },
      now: () => now,
    });
    store.set("a", 1, ALICE);
    expect(store.set("b", 2, ALICE)).toEqual({ ok: false, refused: "client" });
    store.set("b", 2, MALLORY);
    expect(store.set("c", 3, { client: "192.0.2.99" })).toEqual({ ok: false, refused: "full" });
    expect([store.get("a"), store.get("b"), store.get("c")]).toEqual([1, 2, undefined]);
    now += 1500;
    expect(store.get("a")).toBeUndefined();
    expect(store.set("c", 3, ALICE)).toEqual({ ok: true });
  });

  test("set replaces an entry within the quota; a refused set leaves the old value; smaller always fits", () => {
    const store = createTransientStore<Uint8Array>({
      ttlMs: 60_000,
      maxEntries: 10,
      maxBytes: 10 * 1024,
      sizeOf: (v) => v.byteLength,
      perClient: { maxEntries: 5, maxBytes: 8 * 1024 },
      perFlow: { maxEntries: 1, maxBytes: 4 * 1024 },
    });
    const flow = { ...ALICE, flow: "report-1" };
    expect(store.set("report-1", new Uint8Array(3 * 1024), flow)).toEqual({ ok: true });
    expect(store.set("report-1", new Uint8Array(4 * 1024), flow)).toEqual({ ok: true });
    expect(store.bytes).toBe(4 * 1024);
    expect(store.set("report-1", new Uint8Array(5 * 1024), flow)).toEqual({ ok: false, refused: "flow" });
    expect(store.get("report-1")?.byteLength).toBe(4 * 1024);
    expect(store.set("other", new Uint8Array(1), flow)).toEqual({ ok: false, refused: "flow" });
    expect(store.set("report-1", new Uint8Array(1024), flow)).toEqual({ ok: true });
    expect(store.bytes).toBe(1024);
  });

  test("delete forgets a key, and tolerates none", () => {
    const store = createTransientStore<string>({ ttlMs: 1000, maxEntries: 1, perClient: { maxEntries: 1 } });
    const key = keyOf(store.put("x", ALICE));
    store.delete(key);
    store.delete(undefined);
    expect(store.get(key)).toBeUndefined();
    expect(store.put("y", ALICE).ok).toBe(true);
  });
});
