import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { routeError } from "#shared/route-error.ts";
import { UPSTREAM_NOT_HANDLED } from "#shared/api/upstream-failure.ts";
import { startRedis, useMemoryStore, useRedisStore, type TestRedis } from "#tests/support/redis-server.ts";
import { createStubContext } from "#tests/support/stub-request-context.ts";
import { defineWriteOnce, WriteFailure } from "./write-once.server.ts";

// The one at-most-once mechanism (issue #35): a key is claimed before anything is sent, what was made is remembered,
// an unknown outcome is looked for (or never sent again), a refusal is forgotten.

type Made = { id: string };
let kinds = 0;
const kind = (perClient = 50) =>
  defineWriteOnce<Made>({
    name: `test-${process.pid}-${++kinds}`,
    schema: z.object({ id: z.string() }),
    ttlMs: 60_000,
    maxEntries: 100,
    perClient: { maxEntries: perClient },
  });
const failure = (status: number) => routeError(status, { title: "x", service: "test", details: [] });
const context = (settleMs = 0, waitMs = 2000) => createStubContext({ writes: { settleMs, waitMs } }).context;

describe("in one process", () => {
  test("two submissions at once make one write; the second answers what the first made, and so does a later one", async () => {
    const writes = kind();
    const create = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { id: "a1" };
    });
    const [first, second] = await Promise.all([
      writes.run(context(), { key: "k", create }),
      writes.run(context(), { key: "k", create }),
    ]);
    expect(first).toEqual({ status: "created", result: { id: "a1" } });
    expect(second).toEqual({ status: "replayed", result: { id: "a1" } });
    expect(await writes.run(context(), { key: "k", create })).toEqual({
      status: "replayed",
      result: { id: "a1" },
    });
    expect(await writes.recall("k")).toEqual({ id: "a1" });
    expect(create).toHaveBeenCalledTimes(1);
  });

  test("a refusal (a 4xx) is forgotten: the next submission sends again", async () => {
    const writes = kind();
    await expect(
      writes.run(context(), { key: "k", create: () => Promise.reject(failure(422)) }),
    ).rejects.toThrow();
    expect(await writes.recall("k")).toBeUndefined();
    const again = await writes.run(context(), { key: "k", create: async () => ({ id: "b" }) });
    expect(again.status).toBe("created");
  });

  test("a 503 (the service says it did not handle it) is a refusal too; any other 5xx is not", async () => {
    const writes = kind();
    const unavailable = routeError(502, { title: "x", service: "test", kind: UPSTREAM_NOT_HANDLED });
    await expect(
      writes.run(context(), { key: "a", create: () => Promise.reject(unavailable) }),
    ).rejects.toThrow();
    expect((await writes.run(context(), { key: "a", create: async () => ({ id: "a" }) })).status).toBe(
      "created",
    );
    await expect(
      writes.run(context(), { key: "b", create: () => Promise.reject(failure(502)) }),
    ).rejects.toThrow();
    expect((await writes.run(context(), { key: "b", create: async () => ({ id: "b" }) })).status).toBe(
      "unknown",
    );
  });

  test("no answer and no way to find it: never sent again with that key", async () => {
    const writes = kind();
    await expect(
      writes.run(context(), { key: "k", create: () => Promise.reject(failure(504)) }),
    ).rejects.toThrow();
    const create = vi.fn(async () => ({ id: "c" }));
    const again = await writes.run(context(), { key: "k", create });
    expect(again.status).toBe("unknown");
    expect(create).not.toHaveBeenCalled();
  });

  test("a caller's own failure says whether it is unsure", async () => {
    const writes = kind();
    const refused = new WriteFailure("wrong code", false);
    await expect(writes.run(context(), { key: "a", create: () => Promise.reject(refused) })).rejects.toBe(
      refused,
    );
    expect((await writes.run(context(), { key: "a", create: async () => ({ id: "a" }) })).status).toBe(
      "created",
    );
    const unsure = new WriteFailure("no answer", true);
    await expect(writes.run(context(), { key: "b", create: () => Promise.reject(unsure) })).rejects.toBe(
      unsure,
    );
    expect((await writes.run(context(), { key: "b", create: async () => ({ id: "b" }) })).status).toBe(
      "unknown",
    );
  });

  test("no answer, then found upstream: not sent again, answered with what was found", async () => {
    const writes = kind();
    await expect(
      writes.run(context(), { key: "k", create: () => Promise.reject(failure(502)) }),
    ).rejects.toThrow();
    const create = vi.fn(async () => ({ id: "second" }));
    const find = vi.fn(async (_since: number) => ({ id: "first" }));
    const again = await writes.run(context(), { key: "k", create, find });
    expect(again).toEqual({ status: "replayed", result: { id: "first" } });
    expect(create).not.toHaveBeenCalled();
    expect(find.mock.calls[0]![0]).toBeGreaterThan(Date.now() - 60_000);
    expect(await writes.recall("k")).toEqual({ id: "first" });
  });

  test("no answer, then not found upstream: sent again, once", async () => {
    const writes = kind();
    await expect(
      writes.run(context(), { key: "k", create: () => Promise.reject(failure(504)) }),
    ).rejects.toThrow();
    const create = vi.fn(async () => ({ id: "again" }));
    const find = vi.fn(async () => null);
    expect(await writes.run(context(), { key: "k", create, find })).toEqual({
      status: "created",
      result: { id: "again" },
    });
    expect(await writes.run(context(), { key: "k", create, find })).toEqual({
      status: "replayed",
      result: { id: "again" },
    });
    expect(create).toHaveBeenCalledTimes(1);
  });

  test("while the upstream may still be making it (settling), nothing is looked for or sent: pending", async () => {
    const writes = kind();
    await expect(
      writes.run(context(), { key: "k", create: () => Promise.reject(failure(504)) }),
    ).rejects.toThrow();
    const create = vi.fn(async () => ({ id: "x" }));
    const find = vi.fn(async () => null);
    expect(await writes.run(context(60_000), { key: "k", create, find })).toEqual({ status: "pending" });
    expect(find).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
  });

  test("the upstream cannot be read to look for it: pending, and the next submission looks again", async () => {
    const writes = kind();
    await expect(
      writes.run(context(), { key: "k", create: () => Promise.reject(failure(504)) }),
    ).rejects.toThrow();
    const create = vi.fn(async () => ({ id: "x" }));
    const down = vi.fn(() => Promise.reject(failure(503)));
    expect(await writes.run(context(), { key: "k", create, find: down })).toEqual({ status: "pending" });
    expect(await writes.run(context(), { key: "k", create, find: async () => ({ id: "found" }) })).toEqual({
      status: "replayed",
      result: { id: "found" },
    });
    expect(create).not.toHaveBeenCalled();
  });

  test("past a client's quota the claim is refused and nothing is sent", async () => {
    const writes = kind(2);
    const create = vi.fn(async () => ({ id: "q" }));
    await writes.run(context(), { key: "1", create });
    await writes.run(context(), { key: "2", create });
    expect(await writes.run(context(), { key: "3", create })).toEqual({
      status: "refused",
      refusal: { ok: false, refused: "client" },
    });
    expect(create).toHaveBeenCalledTimes(2);
  });
});

describe("across replicas (Valkey/Redis)", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
    useRedisStore(redis.url);
  });
  afterAll(async () => {
    await useMemoryStore();
    await redis?.stop();
  });

  /** The same kind in two processes: two definitions of one name (each with its own in-process memory). */
  const twoReplicas = () => {
    const name = `test-${process.pid}-${++kinds}`;
    const define = () =>
      defineWriteOnce<Made>({
        name,
        schema: z.object({ id: z.string() }),
        ttlMs: 60_000,
        maxEntries: 100,
        perClient: { maxEntries: 50 },
      });
    return [define(), define()] as const;
  };

  test("a double click on two replicas: one write; the other waits for it and answers it", async () => {
    const [a, b] = twoReplicas();
    const create = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { id: "one" };
    });
    const [first, second] = await Promise.all([
      a.run(context(), { key: "k", create }),
      b.run(context(), { key: "k", create }),
    ]);
    expect(create).toHaveBeenCalledTimes(1);
    expect([first.status, second.status].sort()).toEqual(["created", "replayed"]);
    expect(second).toMatchObject({ result: { id: "one" } });
  });

  test("a sibling still sending after the wait: pending, nothing sent", async () => {
    const [a, b] = twoReplicas();
    let release = () => {};
    let sending = () => {};
    const claimed = new Promise<void>((resolve) => (sending = resolve));
    const slow = a.run(context(), {
      key: "k",
      create: () =>
        new Promise<Made>((resolve) => {
          release = () => resolve({ id: "slow" });
          sending();
        }),
    });
    // The second starts once the first has claimed the key and is sending (not after a sleep): it waits `waitMs`,
    // and the first's claim is taken for lost only at twice that age, so a busy machine's pause between the two
    // (under a second) cannot make it look lost.
    await claimed;
    const create = vi.fn(async () => ({ id: "x" }));
    expect(await b.run(context(0, 1000), { key: "k", create })).toEqual({ status: "pending" });
    release();
    expect((await slow).status).toBe("created");
    expect(await b.run(context(0, 1000), { key: "k", create })).toEqual({
      status: "replayed",
      result: { id: "slow" },
    });
    expect(create).not.toHaveBeenCalled();
  });

  test("an unknown outcome on one replica is looked for by the other before it sends", async () => {
    const [a, b] = twoReplicas();
    await expect(
      a.run(context(), { key: "k", create: () => Promise.reject(failure(504)) }),
    ).rejects.toThrow();
    const create = vi.fn(async () => ({ id: "x" }));
    const found = await b.run(context(), { key: "k", create, find: async () => ({ id: "made" }) });
    expect(found).toEqual({ status: "replayed", result: { id: "made" } });
    expect(create).not.toHaveBeenCalled();
  });
});
