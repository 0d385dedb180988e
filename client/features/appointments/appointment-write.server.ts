import { data, redirect } from "react-router";
import type { Query } from "#client/lib/links.ts";
import {
  ANY_PROVIDER,
  formatAppointmentNotes,
  toAppointmentStart,
  type AppointmentUpdate,
} from "#shared/api/appsched.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { SLOT_TAKEN_NOTICE } from "./booking-loader.server.ts";
import { appointmentError, type AppointmentErrorKind } from "./errors.ts";
import { withoutTime, type BookingState, type EditState } from "./flow-state.ts";
import type { StepActionData } from "./step-types.ts";
import { translatorFor, type Locale } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { FROM_SUMMARY_QUERY } from "#client/lib/flow-fields.ts";

/**
 * How the booking and the edit flow write an appointment to the upstream (create or update), and how they answer a
 * step's form: one module, so that both flows treat the upstream's answers alike.
 */

/** A step's form refused: its errors and the values to show again, with status 400 (or `status`). */
export function refuseStep(
  intent: string,
  errors: StepActionData["errors"],
  values: Record<string, string>,
  status = 400,
) {
  return data<StepActionData>({ intent, errors, values }, { status });
}

/** A complete flow's slot and reason, as the summary confirms them. */
export type ConfirmedSlot = { officeId: string; day: string; time: string; details: string };

/** What a new and a changed appointment both send: the start, the notes (reason and details), any provider, the office. */
export function appointmentSlotInput(
  slot: ConfirmedSlot,
  reason: { id: string; name: string },
): AppointmentUpdate {
  return {
    start: toAppointmentStart(slot.day, slot.time),
    notes: formatAppointmentNotes({ reasonId: reason.id, reasonName: reason.name, details: slot.details }),
    providerId: ANY_PROVIDER,
    serviceId: slot.officeId,
  };
}

/** The flow that writes: its state, where its date step is, how its state is saved. */
export type WritingFlow<S extends BookingState | EditState> = {
  state: S;
  /** The flow's own date step, with a query. */
  dateStepHref: (query: Query) => string;
  /** The headers saving the flow's state (the flow's `save`). */
  saveState: (state: S) => Headers;
  /** The appointment error to show when the upstream no longer knows the appointment (updates). */
  missing?: AppointmentErrorKind;
  /** The request's locale, for the messages the write answers. */
  locale: Locale;
};

/** What the action answers when the write did not go through, or what the write returned. */
export type WriteOutcome<T> = { written: T } | { answer: Response | ReturnType<typeof refuseStep> };

/**
 * Writes the appointment (`write` creates or updates it) and turns the upstream's refusals into the flow's answers:
 * - 422, the slot went to someone else meanwhile: back to the date step on the same day, everything else kept;
 * - 400, the upstream refused the data: its reason as the summary's form error;
 * - 404 on an update (`missing`): the appointment error page.
 * Any other failure goes on to the error boundary.
 */
export async function writeAppointment<T, S extends BookingState | EditState>(
  write: () => Promise<T>,
  flow: WritingFlow<S>,
): Promise<WriteOutcome<T>> {
  try {
    return { written: await write() };
  } catch (error) {
    if (isUpstreamFailure(error, 422)) {
      const { state } = flow;
      const target = flow.dateStepHref({
        giorno: state.day,
        avviso: SLOT_TAKEN_NOTICE,
        ...FROM_SUMMARY_QUERY,
      });
      return { answer: redirect(target, { headers: flow.saveState(withoutTime(state)) }) };
    }
    if (isUpstreamFailure(error, 400)) {
      const reasonText = error.data.details[0];
      const rejected = translatorFor(flow.locale, appointmentsIt)("appointments.summary.rejected");
      const message = reasonText ? `${rejected}: ${reasonText}` : rejected;
      return { answer: refuseStep("riepilogo", { form: message }, {}) };
    }
    if (flow.missing && isUpstreamFailure(error, 404)) throw appointmentError(flow.missing, flow.locale);
    throw error;
  }
}
