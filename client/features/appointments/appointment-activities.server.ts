import type { RouterContextProvider } from "react-router";
import type { Appointment } from "#shared/api/appsched.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { formatDate } from "#shared/dates.ts";
import type { Locale, TextKey } from "#client/i18n/i18n-context.tsx";
import type { appointmentsIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { isChangeable, toAppointmentView, type AppointmentView } from "./appointment-view.ts";

/** Which of the citizen's appointments a list shows. */
export type AppointmentFilter = "all" | "upcoming" | "past";
export type AppointmentSort = "recent" | "oldest";

/** One appointment as an activity of the personal area: status, stages (C.SE.1.9), code and dates (C.SE.1.10). */
export type AppointmentActivity = AppointmentView & {
  /** "12/11/2026", when the booking was sent; null when the upstream does not say. */
  bookedOn: string | null;
  upcoming: boolean;
  changeable: boolean;
  stages: AppointmentStage[];
};

export type AppointmentStage = {
  key: "sent" | "review" | "decision" | "meeting";
  /** Catalogue key of the stage's label. */
  label: TextKey<typeof appointmentsIt>;
  state: "done" | "current" | "todo" | "stopped";
  /** Formatted date of the stage when known. */
  date: string | null;
};

export type AppointmentActivities =
  { status: "ok"; items: AppointmentActivity[]; total: number } | { status: "failed" };

function stagesOf(view: AppointmentView, bookedOn: string | null, upcoming: boolean): AppointmentStage[] {
  const meetingDay = formatDate(`${view.day}T00:00:00`, "dd/MM/yyyy", "it");
  const sent: AppointmentStage = {
    key: "sent",
    label: "appointments.stage.sent",
    state: "done",
    date: bookedOn,
  };
  switch (view.status) {
    case "ANNULLATA":
      return [sent, { key: "decision", label: "appointments.stage.cancelled", state: "stopped", date: null }];
    case "RIFIUTATA":
      return [sent, { key: "decision", label: "appointments.stage.refused", state: "stopped", date: null }];
    case "IN_ATTESA":
    case "IN_REVISIONE":
    case "IN_ATTESA_INTEGRAZIONE":
      return [
        sent,
        { key: "review", label: `appointments.stage.review.${view.status}`, state: "current", date: null },
        { key: "meeting", label: "appointments.stage.meeting", state: "todo", date: meetingDay },
      ];
    default:
      return [
        sent,
        { key: "decision", label: "appointments.stage.approved", state: "done", date: null },
        {
          key: "meeting",
          label: upcoming ? "appointments.stage.meeting" : "appointments.stage.held",
          state: upcoming ? "current" : "done",
          date: meetingDay,
        },
      ];
  }
}

export function toAppointmentActivity(
  appointment: Appointment,
  locale: Locale,
  now: Date,
): AppointmentActivity {
  const view = toAppointmentView(appointment, locale);
  const upcoming = formatDate(now, "yyyy-MM-dd HH:mm", "it") < `${view.day} ${view.time}`;
  const bookedOn = appointment.book ? formatDate(appointment.book, "dd/MM/yyyy", locale) : null;
  return {
    ...view,
    bookedOn,
    upcoming,
    changeable: isChangeable(view, now),
    stages: stagesOf(view, bookedOn, upcoming),
  };
}

/**
 * The logged-in citizen's appointments for the personal area, filtered and sorted (the upstream has no paging:
 * the list is cut at `limit`). A failure is a value, not an error: the page shows "Non è stato possibile caricare
 * l'elenco degli appuntamenti" and the rest of it.
 */
export async function loadAppointmentActivities(
  context: Readonly<RouterContextProvider>,
  codiceFiscale: string,
  options: { filter?: AppointmentFilter; sort?: AppointmentSort; limit: number },
): Promise<AppointmentActivities> {
  const services = getServices(context);
  let appointments: Appointment[];
  try {
    appointments = await services.api.appschedAuthenticated.listAppointments(codiceFiscale);
  } catch (error) {
    // Only the status: the call's address carries the citizen's fiscal code.
    const status = isUpstreamFailure(error) ? error.data.status : undefined;
    services.log.warn({ upstream: "appsched", status }, "appointments list unavailable");
    return { status: "failed" };
  }
  const now = new Date();
  const filter = options.filter ?? "all";
  const activities = appointments
    .map((appointment) => toAppointmentActivity(appointment, services.locale, now))
    .filter((a) => filter === "all" || (filter === "upcoming") === a.upcoming);
  const key = (a: AppointmentActivity) => `${a.day} ${a.time}`;
  activities.sort((left, right) =>
    options.sort === "oldest" ? key(left).localeCompare(key(right)) : key(right).localeCompare(key(left)),
  );
  return { status: "ok", items: activities.slice(0, options.limit), total: activities.length };
}
