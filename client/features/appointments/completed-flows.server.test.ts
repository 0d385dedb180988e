import { describe, expect, test } from "vitest";
import { createCompletedFlows, type CompletedBooking } from "./completed-flows.server.ts";

const booking: CompletedBooking = { appointmentId: "a1", accessToken: null, accessUntil: 0, completedAt: 0 };

describe("the completed-booking memory", () => {
  test("books once per flow: a second confirmation gets the first booking back as a replay", async () => {
    const flows = createCompletedFlows({ max: 10, ttlMs: 60_000 });
    let calls = 0;
    const book = async () => {
      calls++;
      return { ...booking, completedAt: Date.now() };
    };
    const [first, second] = await Promise.all([flows.once("k", book), flows.once("k", book)]);
    expect(calls).toBe(1);
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ booking: first.booking, replayed: true });
    expect((await flows.once("k", book)).replayed).toBe(true);
    expect(await flows.find("k")).toEqual(first.booking);
  });

  // A failed booking (the slot taken, the upstream down) is the caller's to answer: it once crashed the process as an
  // unhandled rejection of the promise kept for concurrent confirmations (vitest fails a run on one).
  test("a failed booking rejects its caller only, is not remembered, and the flow can be confirmed again", async () => {
    const flows = createCompletedFlows({ max: 10, ttlMs: 60_000 });
    const taken = new Error("slot taken");
    await expect(flows.once("k", () => Promise.reject(taken))).rejects.toBe(taken);
    expect(await flows.find("k")).toBeUndefined();
    const retried = await flows.once("k", async () => ({ ...booking, completedAt: Date.now() }));
    expect(retried.replayed).toBe(false);
  });
});
