import type { TextKey } from "#client/i18n/i18n-context.tsx";
import type { appointmentsIt } from "./texts.ts";

/*
 * The steps of the booking and edit flows, for the pages (stepper, headings, back links) and the server alike. Kept
 * apart from flow-state.ts, whose zod schemas the browser never needs: a page importing a step name must not pull
 * zod into its chunk (build-tools/client-chunks.ts).
 */

export const BOOKING_STEPS = ["luogo", "data", "dettagli", "richiedente", "riepilogo"] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];
export const EDIT_STEPS = ["data", "dettagli", "riepilogo"] as const;
export type EditStep = (typeof EDIT_STEPS)[number];

/** Each step's title in the catalogue (the stepper and the step's heading). */
export const STEP_TITLES = {
  luogo: "appointments.place.heading",
  data: "appointments.date.heading",
  dettagli: "appointments.details.heading",
  richiedente: "appointments.requester.heading",
  riepilogo: "appointments.summary.heading",
} as const satisfies Record<BookingStep, TextKey<typeof appointmentsIt>>;

export function getNextBookingStep(step: BookingStep): BookingStep {
  return BOOKING_STEPS[Math.min(BOOKING_STEPS.indexOf(step) + 1, BOOKING_STEPS.length - 1)]!;
}

export function getPreviousBookingStep(step: BookingStep): BookingStep | null {
  const index = BOOKING_STEPS.indexOf(step);
  return index > 0 ? BOOKING_STEPS[index - 1]! : null;
}
