import { describe, expect, it, vi } from "vitest";
import { findNotice, keepNotice, runOnce } from "./attempts.server.ts";

const ME = { client: "192.0.2.10" };

describe("runOnce (idempotency store)", async () => {
  it("answers the same result for the same key without calling again, even concurrently", async () => {
    const create = vi.fn(async () => ({
      ok: true as const,
      value: { kind: "online" as const, iuv: "1", paymentUrl: "http://x/1" },
    }));
    const [first, second] = await Promise.all([runOnce("k-1", ME, create), runOnce("k-1", ME, create)]);
    expect(second).toBe(first);
    expect(await runOnce("k-1", ME, create)).toEqual(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed attempt so the citizen can try again", async () => {
    const fail = vi.fn(async () => ({ ok: false as const, reason: "unavailable" as const }));
    await runOnce("k-2", ME, fail);
    await runOnce("k-2", ME, fail);
    expect(fail).toHaveBeenCalledTimes(2);
  });

  it("past a client's 30 attempts refuses the next without calling the upstream; others are not affected", async () => {
    const flooder = { client: "198.51.100.66" };
    const create = vi.fn(async () => ({
      ok: true as const,
      value: { kind: "online" as const, iuv: "9", paymentUrl: "http://x/9" },
    }));
    const mine = await runOnce("mine", ME, create);
    for (let i = 0; i < 30; i++) expect((await runOnce(`flood-${i}`, flooder, create)).ok).toBe(true);
    const refused = await runOnce("flood-30", flooder, create);
    expect(refused).toMatchObject({ ok: false, reason: "unavailable" });
    expect(create).toHaveBeenCalledTimes(31);
    // The first client's attempt is still remembered, and it may start another.
    expect(await runOnce("mine", ME, create)).toEqual(mine);
    expect((await runOnce("mine-2", ME, create)).ok).toBe(true);
  });
});

describe("notices", async () => {
  it("are found by their unguessable token only", async () => {
    const token = await keepNotice({ pdf: new Uint8Array([1]), codiceAvviso: "3", amountCents: 100 }, ME);
    expect(token!.length).toBeGreaterThanOrEqual(32);
    expect((await findNotice(token))?.codiceAvviso).toBe("3");
    expect(await findNotice("nope")).toBeUndefined();
    expect(await findNotice(undefined)).toBeUndefined();
  });

  it("one client keeps at most 10 notices: the 11th is refused, the others stay", async () => {
    const client = { client: "203.0.113.5" };
    const notice = { pdf: new Uint8Array(10), codiceAvviso: "4", amountCents: 100 };
    const tokens: (string | undefined)[] = [];
    for (let i = 0; i < 10; i++) tokens.push(await keepNotice(notice, client));
    expect(await keepNotice(notice, client)).toBeUndefined();
    const found = await Promise.all(tokens.map((t) => findNotice(t)));
    expect(found.every((n) => n?.codiceAvviso === "4")).toBe(true);
  });
});
