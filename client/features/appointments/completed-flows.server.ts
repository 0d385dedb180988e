import { LRUCache } from "lru-cache";
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

export type CompletedFlows = ReturnType<typeof createCompletedFlows>;

/**
 * Makes the confirmation of a booking flow one-time. The flow state is a sealed cookie and the server keeps no
 * session, so replaying a copy of the cookie taken before "Conferma e invia" (a double submission, the back
 * button, or a captured cookie) would otherwise book again. Every flow carries a random id from its first step;
 * this remembers the ids confirmed here and the booking each one made, for as long as a flow lives
 * (`BOOKING_FLOW_MAX_AGE_MS`: an older state is refused anyway). A second confirmation that arrives while the first
 * is still waiting for the upstream waits for it and shares its outcome.
 *
 * Limits, by design of a stateless server: the memory is this process's. With several replicas a replay that lands
 * on another one is not caught (sticky sessions, or a shared store in place of this cache, would be needed); the
 * upstream contract (§4 `POST appointments`) has no idempotency key the portal could rely on instead. Past `max`
 * entries the oldest are forgotten early: far above the bookings one municipality portal takes in a day.
 */
export function createCompletedFlows(options: { max: number; ttlMs: number }) {
  const completed = new LRUCache<string, CompletedBooking>({ max: options.max, ttl: options.ttlMs });
  const inFlight = new Map<string, Promise<CompletedBooking>>();
  return {
    /** The booking already made by this flow, if any (and not older than the flows' lifetime). */
    find(key: string, now: number = Date.now()): CompletedBooking | undefined {
      const entry = completed.get(key);
      return entry && now - entry.completedAt <= options.ttlMs ? entry : undefined;
    },

    /**
     * Runs `book` once per flow: `replayed` is true when the booking had been made (or was being made) by an
     * earlier confirmation of the same flow. A failure is not remembered: the flow can be confirmed again.
     */
    async once(
      key: string,
      book: () => Promise<CompletedBooking>,
    ): Promise<{ booking: CompletedBooking; replayed: boolean }> {
      const done = completed.get(key);
      if (done) return { booking: done, replayed: true };
      const pending = inFlight.get(key);
      if (pending) return { booking: await pending, replayed: true };
      const attempt = book().then((booking) => {
        completed.set(key, booking);
        return booking;
      });
      inFlight.set(key, attempt);
      try {
        return { booking: await attempt, replayed: false };
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
