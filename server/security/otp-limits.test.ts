import { describe, expect, test } from "vitest";
import { createOtpSendLimiter, normaliseContact } from "./otp-limits.ts";

describe("one-time code sending limits", async () => {
  test("per client address: the 11th code of the hour is refused, the next window allows again", async () => {
    let now = 0;
    const limiter = createOtpSendLimiter({
      windowMs: 3_600_000,
      perClient: 10,
      perContact: 5,
      now: () => now,
    });
    for (let i = 0; i < 10; i++)
      expect((await limiter.attempt("a", "1.2.3.4", `p${i}@example.it`)).allowed).toBe(true);
    expect(await limiter.attempt("a", "1.2.3.4", "other@example.it")).toEqual({
      allowed: false,
      retryAfterS: 3600,
    });
    // Another address, and the same address in another municipality, are counted apart.
    expect((await limiter.attempt("a", "5.6.7.8", "other@example.it")).allowed).toBe(true);
    expect((await limiter.attempt("b", "1.2.3.4", "other@example.it")).allowed).toBe(true);
    now = 3_600_000;
    expect((await limiter.attempt("a", "1.2.3.4", "again@example.it")).allowed).toBe(true);
  });

  test("per contact, whoever asks: the 6th code to one e-mail (any case) or phone is refused", async () => {
    const events: unknown[] = [];
    const limiter = createOtpSendLimiter({
      windowMs: 3_600_000,
      perClient: 100,
      perContact: 5,
      now: () => 1000,
      onLimited: (e) => events.push(e),
    });
    for (let i = 0; i < 5; i++)
      expect((await limiter.attempt("a", `10.0.0.${i}`, "Luca@Example.it")).allowed).toBe(true);
    expect((await limiter.attempt("a", "10.0.0.9", "luca@example.it ")).allowed).toBe(false);
    for (let i = 0; i < 5; i++)
      expect((await limiter.attempt("a", `10.0.1.${i}`, "3331234567")).allowed).toBe(true);
    expect((await limiter.attempt("a", "10.0.1.9", "00393331234567")).allowed).toBe(false);
    expect(events).toEqual([
      { tenantId: "a", scope: "contact", retryAfterS: 3600 },
      { tenantId: "a", scope: "contact", retryAfterS: 3600 },
    ]);
    expect(JSON.stringify(events)).not.toContain("example");
  });

  test("contacts are compared as the upstream would deliver them", async () => {
    expect(normaliseContact(" A@B.it ")).toBe("a@b.it");
    expect(normaliseContact("0039 333 1234567")).toBe("3331234567");
    expect(normaliseContact("+393331234567")).toBe("3331234567");
  });
});
