import { describe, expect, it, vi } from "vitest";
import { findNotice, keepNotice, runOnce } from "./attempts.server.ts";

describe("runOnce (idempotency store)", () => {
  it("answers the same result for the same key without calling again, even concurrently", async () => {
    const create = vi.fn(async () => ({
      ok: true as const,
      value: { kind: "online" as const, iuv: "1", paymentUrl: "http://x/1" },
    }));
    const [first, second] = await Promise.all([runOnce("k-1", create), runOnce("k-1", create)]);
    expect(second).toBe(first);
    expect(await runOnce("k-1", create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed attempt so the citizen can try again", async () => {
    const fail = vi.fn(async () => ({ ok: false as const, reason: "unavailable" as const }));
    await runOnce("k-2", fail);
    await runOnce("k-2", fail);
    expect(fail).toHaveBeenCalledTimes(2);
  });
});

describe("notices", () => {
  it("are found by their unguessable token only", () => {
    const token = keepNotice({ pdf: new Uint8Array([1]), codiceAvviso: "3", amountCents: 100 });
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(findNotice(token)?.codiceAvviso).toBe("3");
    expect(findNotice("nope")).toBeUndefined();
    expect(findNotice(undefined)).toBeUndefined();
  });
});
