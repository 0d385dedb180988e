import { z } from "zod";
import { defineWriteOnce } from "#client/lib/write-once.server.ts";
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

/**
 * The bookings, at most once per flow (client/lib/write-once.server.ts). The flow state is a sealed cookie and the
 * server keeps no session, so replaying a copy of the cookie taken before "Conferma e invia" (a double submission,
 * the back button, or a captured cookie) would otherwise book again, and the appointments service has no
 * idempotency of its own. A booking flow's attempt is the flow itself: every flow carries a random id from its first
 * step, and its key (`completedFlowKey`) is claimed before the booking is sent and remembers the booking made, for as
 * long as a flow lives (`BOOKING_FLOW_MAX_AGE_MS`: an older state is refused anyway). A confirmation whose answer
 * never came is found again among the citizen's appointments when logged in; an anonymous one cannot be (the
 * portal reads no appointment list without a citizen) and is never sent again.
 *
 * Past 20,000 entries (or 200 for one client address within a day) a new booking is refused before it is sent
 * (503/429, the summary kept): far above the bookings one municipality portal takes in a day.
 */
export const completedBookingFlows = defineWriteOnce<CompletedBooking>({
  name: "booking",
  schema: CompletedBookingSchema,
  ttlMs: BOOKING_FLOW_MAX_AGE_MS,
  maxEntries: 20_000,
  perClient: { maxEntries: 200 },
});

export function completedFlowKey(tenantId: string, flow: string, flowId: string): string {
  return `${tenantId}\n${flow}\n${flowId}`;
}
