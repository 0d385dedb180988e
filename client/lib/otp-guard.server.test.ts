import { describe, expect, test } from "vitest";
import { createOtpGuard, OTP_MAX_WRONG } from "./otp-guard.server.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const LUCA = { cf: CITIZENS.LUCA, kind: "EMAIL", contact: "luca@example.it" } as const;

describe("the one-time code guard", async () => {
  test("5 wrong tries, then the pending request is gone: the 6th try is refused before any check", async () => {
    const guard = createOtpGuard();
    expect((await guard.beginSend("k", LUCA)).ok).toBe(true);
    for (let i = 1; i <= OTP_MAX_WRONG; i++) {
      const verdict = await guard.beginTry("k", LUCA);
      if (!verdict.ok) throw new Error("refused too early");
      expect(await verdict.done("wrong")).toEqual({
        discarded: i === OTP_MAX_WRONG,
        left: OTP_MAX_WRONG - i,
        verified: false,
      });
    }
    expect(await guard.beginTry("k", LUCA)).toEqual({ ok: false, reason: "unknown" });
  });

  test("tries are counted before the answer: parallel tries cannot pass the cap", async () => {
    const guard = createOtpGuard();
    await guard.beginSend("k", LUCA);
    const verdicts = await Promise.all(Array.from({ length: 8 }, () => guard.beginTry("k", LUCA)));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(5);
    expect(verdicts.at(-1)).toEqual({ ok: false, reason: "exhausted" });
  });

  test("an outage gives the try back; after a right code no try is counted: it is verified", async () => {
    const guard = createOtpGuard();
    await guard.beginSend("k", LUCA);
    for (let i = 0; i < 10; i++) {
      const verdict = await guard.beginTry("k", LUCA);
      if (!verdict.ok) throw new Error("an outage was counted");
      expect(await verdict.done("outage")).toEqual({ discarded: false, left: 5, verified: false });
    }
    const verdict = await guard.beginTry("k", LUCA);
    if (!verdict.ok) throw new Error("refused");
    expect((await verdict.done("valid")).verified).toBe(true);
    expect(await guard.beginTry("k", LUCA)).toEqual({ ok: false, reason: "verified" });
    // Only for the binding it was sent to.
    expect(await guard.beginTry("k", { ...LUCA, contact: "mallory@example.it" })).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  test("a double submission of the right code: the try the upstream calls wrong (the code spent) is verified", async () => {
    const guard = createOtpGuard();
    await guard.beginSend("k", LUCA);
    const [first, second] = await Promise.all([guard.beginTry("k", LUCA), guard.beginTry("k", LUCA)]);
    if (!first?.ok || !second?.ok) throw new Error("refused");
    expect((await first.done("valid")).verified).toBe(true);
    expect(await second.done("wrong")).toMatchObject({ discarded: false, verified: true });
  });

  test("a code is bound to the contact and fiscal code it was sent to", async () => {
    const guard = createOtpGuard();
    await guard.beginSend("k", LUCA);
    expect(await guard.beginTry("k", { ...LUCA, contact: "mallory@example.it" })).toEqual({
      ok: false,
      reason: "unknown",
    });
    expect((await guard.beginTry("k", { ...LUCA, cf: CITIZENS.GIULIA })).ok).toBe(false);
    expect(await guard.beginSend("k", { ...LUCA, contact: "mallory@example.it" })).toEqual({
      ok: false,
      reason: "unknown",
    });
    expect((await guard.beginTry("other", LUCA)).ok).toBe(false);
  });

  test("resends: one per 30 s, at most 3 after the first; a failed send is given back", async () => {
    let now = 0;
    const guard = createOtpGuard({ now: () => now });
    expect((await guard.beginSend("k", LUCA)).ok).toBe(true);
    expect(await guard.beginSend("k", LUCA)).toEqual({ ok: false, reason: "wait", waitS: 30 });
    now = 29_001;
    expect(await guard.beginSend("k", LUCA)).toEqual({ ok: false, reason: "wait", waitS: 1 });
    now = 30_000;
    const failed = await guard.beginSend("k", LUCA);
    if (!failed.ok) throw new Error("refused");
    await failed.undo();
    expect(await guard.resendsLeft("k")).toBe(3);
    for (let i = 1; i <= 3; i++) {
      now += 30_000;
      expect((await guard.beginSend("k", LUCA)).ok).toBe(true);
    }
    expect(await guard.resendsLeft("k")).toBe(0);
    now += 60_000;
    expect(await guard.beginSend("k", LUCA)).toEqual({ ok: false, reason: "resends" });
  });

  test("exclusive: while a code to one contact may be valid, none goes to another for the same fiscal code", async () => {
    let now = 0;
    const guard = createOtpGuard({ now: () => now });
    expect((await guard.beginSend("first", LUCA, { exclusive: true })).ok).toBe(true);
    const other = { ...LUCA, contact: "vittima@example.it" };
    expect(await guard.beginSend("second", other, { exclusive: true })).toEqual({
      ok: false,
      reason: "busy",
      waitS: 300,
    });
    // The same contact, another fiscal code, or a code that is not exclusive are not held back.
    expect((await guard.beginSend("third", { ...LUCA }, { exclusive: true })).ok).toBe(true);
    expect((await guard.beginSend("fourth", { ...other, cf: CITIZENS.GIULIA }, { exclusive: true })).ok).toBe(
      true,
    );
    now = 300_000;
    expect((await guard.beginSend("second", other, { exclusive: true })).ok).toBe(true);
  });

  test("exclusive: a code used up frees the fiscal code for another contact", async () => {
    const guard = createOtpGuard({ now: () => 0 });
    await guard.beginSend("first", LUCA, { exclusive: true });
    const attempt = await guard.beginTry("first", LUCA);
    if (!attempt.ok) throw new Error("refused");
    await attempt.done("valid");
    expect(
      (await guard.beginSend("second", { ...LUCA, contact: "altro@example.it" }, { exclusive: true })).ok,
    ).toBe(true);
  });

  test("hold: a profile code is recorded against later exclusive codes, without being refused itself", async () => {
    const guard = createOtpGuard({ now: () => 0 });
    expect((await guard.beginSend("profile", LUCA, { hold: true })).ok).toBe(true);
    const other = { ...LUCA, contact: "vittima@example.it" };
    expect(await guard.beginSend("anonymous", other, { exclusive: true })).toMatchObject({
      ok: false,
      reason: "busy",
    });
    expect((await guard.beginSend("profile-2", other, { hold: true })).ok).toBe(true);
  });

  test("exclusive: a send the upstream refused does not hold the fiscal code", async () => {
    const guard = createOtpGuard({ now: () => 0 });
    const failed = await guard.beginSend("first", LUCA, { exclusive: true });
    if (!failed.ok) throw new Error("refused");
    await failed.undo();
    expect(
      (await guard.beginSend("second", { ...LUCA, contact: "altro@example.it" }, { exclusive: true })).ok,
    ).toBe(true);
  });
});
