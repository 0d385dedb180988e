import { z } from "zod";
import { createTransientStore } from "#client/lib/transient-store.server.ts";
import { BOOKING_FLOW_MAX_AGE_MS } from "./flow-state.ts";

/** What a confirmed booking flow left behind: enough to answer a second confirmation of the same flow. */
export type CompletedBooking = {
  appointmentId: string;
  /** The anonymous visitor's proof (null when logged in), to hand again to a double submission. */
  accessToken: string | null;
  /** Until when that proof is good (epoch ms). */
  accessUntil: number;
  /** When the booking was made (epoch ms). */
  completedAt: number;
};

const CompletedBookingSchema = z.object({
  appointmentId: z.string(),
  accessToken: z.string().nullable(),
  accessUntil: z.number(),
  completedAt: z.number(),
});

export type CompletedFlows = ReturnType<typeof createCompletedFlows>;

/**
 * Makes the confirmation of a booking flow one-time. The flow state is a sealed cookie and the server keeps no
 * session, so replaying a copy of the cookie taken before "Conferma e invia" (a double submission, the back
 * button, or a captured cookie) would otherwise book again. Every flow carries a random id from its first step;
 * this remembers the ids confirmed here and the booking each one made, for as long as a flow lives
 * (`BOOKING_FLOW_MAX_AGE_MS`: an older state is refused anyway). A second confirmation that arrives while the first
 * is still waiting for the upstream waits for it and shares its outcome.
 *
 * The memory is the portal's shared store (client/lib/transient-store.server.ts): in Valkey when `REDIS_URL` is set,
 * so a replay that lands on another replica is caught too; a confirmation still on its way is shared in this
 * process only (on another replica the booking's idempotency key covers it). Past `max` entries a new booking is
 * not remembered (nobody's is forgotten early): far above the bookings one municipality portal takes in a day.
 */
export function createCompletedFlows(options: { max: number; ttlMs: number }) {
  // Written only after the upstream made a booking (bounded by its free slots, not by what a visitor sends): one
  // owner for all, the store's bound as its quota; a full store refuses to remember, never forgets another's.
  const completed = createTransientStore<CompletedBooking>({
    name: "completed-bookings",
    schema: CompletedBookingSchema,
    ttlMs: options.ttlMs,
    maxEntries: options.max,
    perClient: { maxEntries: options.max },
  });
  const OWNER = { client: "bookings" };
  const inFlight = new Map<string, Promise<CompletedBooking>>();
  return {
    /** The booking already made by this flow, if any (and not older than the flows' lifetime). */
    async find(key: string, now: number = Date.now()): Promise<CompletedBooking | undefined> {
      // Valkey down: not known here; the booking's idempotency key still keeps the upstream from booking twice.
      const entry = await completed.get(key).catch(() => undefined);
      return entry && now - entry.completedAt <= options.ttlMs ? entry : undefined;
    },

    /**
     * Runs `book` once per flow: `replayed` is true when the booking had been made (or was being made, in this
     * process) by an earlier confirmation of the same flow. A failure is not remembered: the flow can be confirmed
     * again.
     */
    async once(
      key: string,
      book: () => Promise<CompletedBooking>,
    ): Promise<{ booking: CompletedBooking; replayed: boolean }> {
      const pending = inFlight.get(key);
      if (pending) return { booking: await pending, replayed: true };
      const attempt = (async () => {
        const done = await completed.get(key).catch(() => undefined);
        if (done) return { booking: done, replayed: true };
        const booking = await book();
        await completed.set(key, booking, OWNER);
        return { booking, replayed: false };
      })();
      const shared = attempt.then((a) => a.booking);
      // Awaited only by a second confirmation arriving meanwhile: a failure (the slot taken, the upstream down) is
      // this caller's to answer, never an unhandled rejection.
      shared.catch(() => {});
      inFlight.set(key, shared);
      try {
        return await attempt;
      } finally {
        inFlight.delete(key);
      }
    },
  };
}

/** The portal's memory of confirmed booking flows (one per process; see `createCompletedFlows`). */
export const completedBookingFlows = createCompletedFlows({
  max: 20_000,
  ttlMs: BOOKING_FLOW_MAX_AGE_MS,
});

export function completedFlowKey(tenantId: string, flow: string, flowId: string): string {
  return `${tenantId}\n${flow}\n${flowId}`;
}
