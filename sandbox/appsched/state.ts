import type { AppschedState } from "./appointment-types.ts";
import { seedBookings } from "./seed-bookings.ts";
import { generateSecret } from "./tokens.ts";

export type { MailMessage, StoredAppointment } from "./appointment-types.ts";

/** The appointments part of the sandbox state (JSON-serialisable, persisted with the state file). */
export type SeedOptions = { now?: Date; secret?: string };

/**
 * Deterministic for a given `now` and `secret`: bookings are placed on the offices' next open days relative to
 * today in Europe/Rome. Without a secret a random one is drawn (access tokens must not be guessable).
 */
export function seedAppsched(options: SeedOptions = {}): AppschedState {
  const state: AppschedState = {
    secret: options.secret ?? generateSecret(),
    nextAppointmentId: 1001,
    nextMailId: 1,
    appointments: [],
    mailbox: [],
  };
  seedBookings(state, options.now ?? new Date());
  return state;
}
