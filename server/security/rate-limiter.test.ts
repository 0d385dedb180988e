import { describe, expect, test } from "vitest";
import { createRateLimiter } from "./rate-limiter.ts";

function limiter(onLimited = () => {}) {
  let clock = 0;
  const limit = createRateLimiter({
    windowMs: 60_000,
    perClient: 3,
    perTenant: 5,
    now: () => clock,
    onLimited,
  });
  return { limit, advance: (ms: number) => (clock += ms) };
}

describe("attempt rate limiter", () => {
  test("a client gets its attempts per window, then a refusal saying when to retry", () => {
    const { limit, advance } = limiter();
    for (let i = 0; i < 3; i++) expect(limit.attempt("comune-a", "10.0.0.1").allowed).toBe(true);
    advance(15_000);
    expect(limit.attempt("comune-a", "10.0.0.1")).toEqual({
      allowed: false,
      retryAfterS: 45,
      scope: "client",
    });
    advance(45_000);
    expect(limit.attempt("comune-a", "10.0.0.1").allowed).toBe(true);
  });

  test("the municipality as a whole has its own ceiling; other municipalities are not affected", () => {
    const { limit } = limiter();
    for (let i = 0; i < 5; i++) expect(limit.attempt("comune-a", `10.0.0.${i}`).allowed).toBe(true);
    expect(limit.attempt("comune-a", "10.0.0.9")).toMatchObject({ allowed: false, scope: "tenant" });
    expect(limit.attempt("comune-b", "10.0.0.9").allowed).toBe(true);
  });

  test("the refusal is reported once per window, not once per attempt", () => {
    const events: unknown[] = [];
    const { limit, advance } = limiter(() => events.push(1));
    for (let i = 0; i < 20; i++) limit.attempt("comune-a", "10.0.0.1");
    expect(events).toHaveLength(1);
    advance(60_000);
    for (let i = 0; i < 20; i++) limit.attempt("comune-a", "10.0.0.1");
    expect(events).toHaveLength(2);
  });
});
