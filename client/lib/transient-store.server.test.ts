import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { startRedis, useMemoryStore, useRedisStore, type TestRedis } from "#tests/support/redis-server.ts";
import {
  TRANSIENT_KEY_PATTERN,
  createMemoryStore,
  createTransientStore,
  decodeValue,
  encodeValue,
  purgeOwner,
  type StorePut,
  type TransientStoreOptions,
} from "./transient-store.server.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const ALICE = { client: "192.0.2.1" };
const MALLORY = { client: "198.51.100.7" };
const keyOf = (put: StorePut) => {
  if (!put.ok) throw new Error(`refused: ${put.refused}`);
  return put.key;
};
const bytes: z.ZodType<Uint8Array> = z.instanceof(Uint8Array);
let names = 0;
/** Each test its own namespace (the Valkey adapter keeps one server for the whole table). */
const fresh = <V>(options: Omit<TransientStoreOptions<V>, "name">): TransientStoreOptions<V> => ({
  ...options,
  name: `test-${process.pid}-${++names}`,
});

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await useMemoryStore();
  await redis?.stop();
});

/** One contract, two adapters: the store in this process, and Valkey/Redis (a real redis-server). */
describe.each([
  ["in memory", async () => useMemoryStore()],
  ["in Valkey/Redis", async () => void useRedisStore(redis.url)],
])("createTransientStore %s", (_adapter, use) => {
  beforeAll(use);

  test("put gives a fresh unguessable key for each value", async () => {
    const store = createTransientStore<string>(
      fresh({ schema: z.string(), ttlMs: 1000, maxEntries: 10, perClient: { maxEntries: 10 } }),
    );
    const a = keyOf(await store.put("uno", ALICE));
    const b = keyOf(await store.put("uno", ALICE));
    expect(a).toMatch(TRANSIENT_KEY_PATTERN);
    expect(b).not.toBe(a);
    expect(await store.get(a)).toBe("uno");
    expect(await store.get(undefined)).toBeUndefined();
    expect(await store.get("not-a-key")).toBeUndefined();
  });

  test("add stores only where no live entry is: the first claimant wins, the others find it held", async () => {
    // A second to live: the claims below must see the entry held within it, however busy the machine (200 ms was a
    // window a loaded CI run could miss); its expiry is then waited for, not slept through.
    const store = createTransientStore<string>(
      fresh({ schema: z.string(), ttlMs: 1_000, maxEntries: 10, perClient: { maxEntries: 10 } }),
    );
    const claims = await Promise.all([store.add("k", "uno", ALICE), store.add("k", "due", MALLORY)]);
    expect(claims.filter((c) => c.ok)).toHaveLength(1);
    expect(claims.filter((c) => !c.ok)).toEqual([{ ok: false, refused: "exists" }]);
    const winner = claims[0]!.ok ? "uno" : "due";
    expect(await store.get("k")).toBe(winner);
    // A held key is not replaced; once gone (deleted or expired) it can be claimed again.
    expect(await store.add("k", "tre", ALICE)).toEqual({ ok: false, refused: "exists" });
    await store.delete("k");
    expect(await store.add("k", "tre", ALICE)).toEqual({ ok: true });
    expect(await store.add("k", "quattro", ALICE)).toEqual({ ok: false, refused: "exists" });
    await vi.waitFor(async () => expect(await store.add("k", "quattro", ALICE)).toEqual({ ok: true }), {
      timeout: 5_000,
      interval: 50,
    });
    expect(await store.get("k")).toBe("quattro");
  });

  test("bytes come back byte-identical", async () => {
    const store = createTransientStore(
      fresh({
        schema: z.object({ name: z.string(), data: bytes }),
        ttlMs: 60_000,
        maxEntries: 10,
        perClient: { maxEntries: 10 },
      }),
    );
    const data = new Uint8Array(256).map((_, i) => i);
    const key = keyOf(await store.put({ name: "a.pdf", data }, ALICE));
    const back = await store.get(key);
    expect(back?.name).toBe("a.pdf");
    expect(Buffer.from(back!.data).equals(Buffer.from(data))).toBe(true);
  });

  test("a flood from one client is refused at its quota; another client's entry survives and it may still put", async () => {
    const store = createTransientStore<Uint8Array>(
      fresh({
        schema: bytes,
        ttlMs: 60_000,
        maxEntries: 100,
        maxBytes: 64 * 1024,
        sizeOf: (v) => v.byteLength,
        perClient: { maxEntries: 10, maxBytes: 16 * 1024 },
      }),
    );
    const alices = keyOf(await store.put(new Uint8Array(1024), ALICE));
    const flood = await Promise.all(
      Array.from({ length: 50 }, () => store.put(new Uint8Array(1024), MALLORY)),
    );
    expect(flood.filter((p) => p.ok)).toHaveLength(10);
    expect(flood.filter((p) => !p.ok)[0]).toEqual({ ok: false, refused: "client" });
    expect((await store.get(alices))?.byteLength).toBe(1024);
    expect((await store.put(new Uint8Array(1024), ALICE)).ok).toBe(true);
    // The bytes quota too: one big value more than the client may hold.
    expect(await store.put(new Uint8Array(17 * 1024), { client: "203.0.113.9" })).toEqual({
      ok: false,
      refused: "client",
    });
  });

  // The bounds are checked with a time to live no machine outlives between two calls; the expiry on its own, with
  // a short one: its test waits until the store itself has let the entries go, and asserts nothing before that.
  // (Valkey's clock is the server's own: it cannot be faked, so the expiry is waited for, never timed.)
  test("a full store refuses the newcomer and evicts nobody", async () => {
    const store = createTransientStore<Uint8Array>(
      fresh({
        schema: bytes,
        ttlMs: 60_000,
        maxEntries: 100,
        maxBytes: 3 * 1024,
        sizeOf: (v) => v.byteLength,
        perClient: { maxEntries: 10, maxBytes: 1024 },
      }),
    );
    const held: string[] = [];
    for (const client of ["10.0.0.1", "10.0.0.2", "10.0.0.3"])
      held.push(keyOf(await store.put(new Uint8Array(1024), { client })));
    expect(await store.put(new Uint8Array(1024), { client: "10.0.0.4" })).toEqual({
      ok: false,
      refused: "full",
    });
    expect(await Promise.all(held.map(async (k) => (await store.get(k))?.byteLength))).toEqual([
      1024, 1024, 1024,
    ]);
  });

  test("the time to live frees the space of a full store", async () => {
    const store = createTransientStore<Uint8Array>(
      fresh({
        schema: bytes,
        ttlMs: 300,
        maxEntries: 100,
        maxBytes: 3 * 1024,
        sizeOf: (v) => v.byteLength,
        perClient: { maxEntries: 10, maxBytes: 1024 },
      }),
    );
    const held: string[] = [];
    for (const client of ["10.0.0.1", "10.0.0.2", "10.0.0.3"])
      held.push(keyOf(await store.put(new Uint8Array(1024), { client })));
    await vi.waitFor(async () => expect(await store.get(held[2])).toBeUndefined(), {
      timeout: 30_000,
      interval: 50,
    });
    const late = keyOf(await store.put(new Uint8Array(1024), { client: "10.0.0.4" }));
    expect((await store.get(late))?.byteLength).toBe(1024);
  });

  test("the count bound refuses the newcomer too", async () => {
    const store = createTransientStore<number>(
      fresh({ schema: z.number(), ttlMs: 60_000, maxEntries: 2, perClient: { maxEntries: 1 } }),
    );
    await store.set("a", 1, ALICE);
    expect(await store.set("b", 2, ALICE)).toEqual({ ok: false, refused: "client" });
    await store.set("b", 2, MALLORY);
    expect(await store.set("c", 3, { client: "192.0.2.99" })).toEqual({ ok: false, refused: "full" });
    expect([await store.get("a"), await store.get("b"), await store.get("c")]).toEqual([1, 2, undefined]);
  });

  test("expiry gives the client its quota back", async () => {
    const store = createTransientStore<number>(
      fresh({ schema: z.number(), ttlMs: 300, maxEntries: 2, perClient: { maxEntries: 1 } }),
    );
    await store.set("a", 1, ALICE);
    await vi.waitFor(async () => expect(await store.get("a")).toBeUndefined(), {
      timeout: 30_000,
      interval: 50,
    });
    expect(await store.set("b", 2, ALICE)).toEqual({ ok: true });
    expect(await store.get("b")).toBe(2);
  });

  test("set replaces an entry within the quota; a refused set leaves the old value; smaller always fits", async () => {
    const store = createTransientStore<Uint8Array>(
      fresh({
        schema: bytes,
        ttlMs: 60_000,
        maxEntries: 10,
        maxBytes: 10 * 1024,
        sizeOf: (v) => v.byteLength,
        perClient: { maxEntries: 5, maxBytes: 8 * 1024 },
        perFlow: { maxEntries: 1, maxBytes: 4 * 1024 },
      }),
    );
    const flow = { ...ALICE, flow: "report-1" };
    expect(await store.set("report-1", new Uint8Array(3 * 1024), flow)).toEqual({ ok: true });
    expect(await store.set("report-1", new Uint8Array(4 * 1024), flow)).toEqual({ ok: true });
    expect(await store.set("report-1", new Uint8Array(5 * 1024), flow)).toEqual({
      ok: false,
      refused: "flow",
    });
    expect((await store.get("report-1"))?.byteLength).toBe(4 * 1024);
    expect(await store.set("other", new Uint8Array(1), flow)).toEqual({ ok: false, refused: "flow" });
    expect(await store.set("report-1", new Uint8Array(1024), flow)).toEqual({ ok: true });
    // Replaced, not added: the client's bytes quota sees 1 KB, so 7 KB more fit.
    expect(await store.set("x", new Uint8Array(7 * 1024), ALICE)).toEqual({ ok: true });
  });

  test("one municipality holds at most its share: a flood on one leaves the other its room (issue #36)", async () => {
    const store = createTransientStore<string>(
      fresh({ schema: z.string(), ttlMs: 60_000, maxEntries: 10, perClient: { maxEntries: 10 } }),
    );
    // Half the store by default: 5 entries for comune-a, from as many sources as the flood likes.
    for (let i = 0; i < 5; i++)
      keyOf(await store.put("a", { client: `198.51.100.${i}`, tenant: "comune-a" }));
    expect(await store.put("a", { client: "198.51.100.99", tenant: "comune-a" })).toEqual({
      ok: false,
      refused: "tenant",
    });
    keyOf(await store.put("b", { client: "203.0.113.1", tenant: "comune-b" }));
    const shared = createTransientStore<string>(
      fresh({
        schema: z.string(),
        ttlMs: 60_000,
        maxEntries: 10,
        perClient: { maxEntries: 10 },
        perTenant: { maxEntries: 8 },
      }),
    );
    for (let i = 0; i < 8; i++)
      keyOf(await shared.put("a", { client: `198.51.100.${i}`, tenant: "comune-a" }));
    expect((await shared.put("a", { client: "198.51.100.9", tenant: "comune-a" })).ok).toBe(false);
  });

  test("a citizen's entries count against the citizen from any address; read back only by their owner; purged at logout", async () => {
    const store = createTransientStore<string>(
      fresh({
        schema: z.string(),
        ttlMs: 60_000,
        maxEntries: 100,
        perClient: { maxEntries: 100 },
        perCitizen: { maxEntries: 2 },
      }),
    );
    const mario = (client: string) => ({ client, who: `c:${CITIZENS.MARIO}` });
    const first = keyOf(await store.put("uno", mario("192.0.2.1")));
    keyOf(await store.put("due", mario("192.0.2.2")));
    expect(await store.put("tre", mario("192.0.2.3"))).toEqual({ ok: false, refused: "citizen" });
    // Anonymous owners are an index, not a quota.
    const anonymous = { client: "192.0.2.9", who: "a:browser" };
    for (let i = 0; i < 3; i++) keyOf(await store.put("anon", anonymous));
    const kept = keyOf(await store.put("anon", anonymous));
    expect(await store.get(first, [`c:${CITIZENS.MARIO}`])).toBe("uno");
    expect(await store.get(first, [`c:${CITIZENS.GIULIA}`])).toBeUndefined();
    expect(await store.get(first, [])).toBeUndefined();
    expect(await store.get(kept, [`c:${CITIZENS.GIULIA}`, "a:browser"])).toBe("anon");
    expect(await store.get(first)).toBe("uno");
    await purgeOwner(`c:${CITIZENS.MARIO}`);
    expect(await store.get(first)).toBeUndefined();
    expect(await store.get(kept)).toBe("anon");
    // Purged, the citizen's quota is free again.
    keyOf(await store.put("quattro", mario("192.0.2.4")));
  });

  test("delete forgets a key, and tolerates none", async () => {
    const store = createTransientStore<string>(
      fresh({ schema: z.string(), ttlMs: 1000, maxEntries: 1, perClient: { maxEntries: 1 } }),
    );
    const key = keyOf(await store.put("x", ALICE));
    await store.delete(key);
    await store.delete(undefined);
    expect(await store.get(key)).toBeUndefined();
    expect((await store.put("y", ALICE)).ok).toBe(true);
  });
});

describe("the Valkey adapter when Valkey is down", () => {
  test("a write is refused as unavailable, a read throws, nothing crashes; it recovers by itself", async () => {
    const backend = useRedisStore(redis.url);
    const store = createTransientStore<string>(
      fresh({ schema: z.string(), ttlMs: 60_000, maxEntries: 10, perClient: { maxEntries: 10 } }),
    );
    const key = keyOf(await store.put("kept", ALICE));
    await redis.stop();
    expect(await store.put("lost", ALICE)).toEqual({ ok: false, refused: "unavailable" });
    await expect(store.get(key)).rejects.toThrow(/shared store unavailable/);
    await vi.waitFor(() => expect(backend.health().ok).toBe(false), { timeout: 30_000, interval: 50 });
    await redis.start();
    await vi.waitFor(() => expect(backend.health()).toEqual({ ok: true }), {
      timeout: 30_000,
      interval: 100,
    });
    expect((await store.put("again", ALICE)).ok).toBe(true);
  });
});

test("the in-memory adapter counts entries and bytes with its own clock", () => {
  let now = 0;
  const store = createMemoryStore<Uint8Array>(
    fresh({
      schema: bytes,
      ttlMs: 1000,
      maxEntries: 5,
      sizeOf: (v) => v.byteLength,
      perClient: { maxEntries: 5 },
      now: () => now,
    }),
  );
  void store.set("a", new Uint8Array(10), ALICE);
  expect([store.size, store.bytes]).toEqual([1, 10]);
  now += 1500;
  expect([store.size, store.bytes]).toEqual([0, 0]);
});

test("the codec keeps bytes inside any value", () => {
  const value = { files: [{ data: new Uint8Array([0, 255, 7]) }], n: 1 };
  expect(decodeValue(encodeValue(value))).toEqual(value);
});
