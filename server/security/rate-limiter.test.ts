import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startRedis, type TestRedis } from "#tests/support/redis-server.ts";
import { useMemoryStore, useRedisStore } from "#server/store/shared-store.ts";
import { redisBackend } from "#shared/store-port.server.ts";
import { createRateLimiter } from "./rate-limiter.ts";

function limiter(onLimited = () => {}) {
  let clock = 0;
  const limit = createRateLimiter({
    name: "test",
    windowMs: 60_000,
    perClient: 3,
    perTenant: 5,
    now: () => clock,
    onLimited,
  });
  return { limit, advance: (ms: number) => (clock += ms) };
}

describe("attempt rate limiter", async () => {
  test("a client gets its attempts per window, then a refusal saying when to retry", async () => {
    const { limit, advance } = limiter();
    for (let i = 0; i < 3; i++) expect((await limit.attempt("comune-a", "10.0.0.1")).allowed).toBe(true);
    advance(15_000);
    expect(await limit.attempt("comune-a", "10.0.0.1")).toEqual({
      allowed: false,
      retryAfterS: 45,
      scope: "client",
    });
    advance(45_000);
    expect((await limit.attempt("comune-a", "10.0.0.1")).allowed).toBe(true);
  });

  test("the municipality as a whole has its own ceiling; other municipalities are not affected", async () => {
    const { limit } = limiter();
    for (let i = 0; i < 5; i++) expect((await limit.attempt("comune-a", `10.0.0.${i}`)).allowed).toBe(true);
    expect(await limit.attempt("comune-a", "10.0.0.9")).toMatchObject({ allowed: false, scope: "tenant" });
    expect((await limit.attempt("comune-b", "10.0.0.9")).allowed).toBe(true);
  });

  test("the refusal is reported once per window, not once per attempt", async () => {
    const events: unknown[] = [];
    const { limit, advance } = limiter(() => events.push(1));
    for (let i = 0; i < 20; i++) await limit.attempt("comune-a", "10.0.0.1");
    expect(events).toHaveLength(1);
    advance(60_000);
    for (let i = 0; i < 20; i++) await limit.attempt("comune-a", "10.0.0.1");
    expect(events).toHaveLength(2);
  });
});

describe("attempt rate limiter in Valkey/Redis (shared by every replica)", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
    useRedisStore(redis.url);
  });
  afterAll(async () => {
    await useMemoryStore();
    await redis.stop();
  });
  // Two limiters with one name: two replicas of the portal.
  const replicas = (name: string, onLimited = () => {}) =>
    [1, 2].map(() => createRateLimiter({ name, windowMs: 60_000, perClient: 3, perTenant: 5, onLimited }));

  test("one client's attempts are counted across replicas: the 4th, on either, is refused", async () => {
    const [one, two] = replicas("shared-client");
    expect((await one!.attempt("comune-a", "10.0.0.1")).allowed).toBe(true);
    expect((await two!.attempt("comune-a", "10.0.0.1")).allowed).toBe(true);
    expect((await one!.attempt("comune-a", "10.0.0.1")).allowed).toBe(true);
    const refused = await two!.attempt("comune-a", "10.0.0.1");
    expect(refused).toMatchObject({ allowed: false, scope: "client" });
    expect(refused.allowed === false && refused.retryAfterS).toBeGreaterThan(55);
    expect((await one!.attempt("comune-b", "10.0.0.1")).allowed).toBe(true);
  });

  test("the municipality's ceiling too, reported once per window; a known device has its own window", async () => {
    const events: unknown[] = [];
    const [one, two] = replicas("shared-tenant", () => events.push(1));
    for (let i = 0; i < 5; i++)
      expect((await (i % 2 ? one : two)!.attempt("comune-a", `10.0.0.${i}`)).allowed).toBe(true);
    for (let i = 0; i < 4; i++)
      expect(await (i % 2 ? one : two)!.attempt("comune-a", "10.0.0.9")).toMatchObject({
        allowed: false,
        scope: "tenant",
      });
    expect(events).toHaveLength(1);
    expect((await one!.attempt("comune-a", "10.0.0.9", "device-1")).allowed).toBe(true);
  });

  test("while Valkey is down each process counts on its own; shared again once it is back", async () => {
    const [one] = replicas("shared-down");
    await redis.stop();
    for (let i = 0; i < 3; i++) expect((await one!.attempt("comune-a", "10.0.0.1")).allowed).toBe(true);
    expect((await one!.attempt("comune-a", "10.0.0.1")).allowed).toBe(false);
    await redis.start();
    await vi.waitFor(() => expect(redisBackend()!.health()).toEqual({ ok: true }), { timeout: 30_000 });
    expect((await one!.attempt("comune-a", "10.0.0.2")).allowed).toBe(true);
  });
});
