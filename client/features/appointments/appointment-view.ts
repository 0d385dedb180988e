import {
  APPOINTMENT_STATUS_LABELS,
  formatAppointmentNotes,
  parseAppointmentNotes,
  type Appointment,
  type Sportello,
} from "#shared/api/appsched.ts";
import { formatDate } from "#shared/dates.ts";
import { translatorFor, type Locale } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";

export const WHEN_PATTERN = "EEEE d MMMM yyyy, HH:mm";

/** An office as the pages show it. */
export type OfficeView = {
  id: string;
  name: string;
  /** The street address, or the virtual-desk label for video calls. */
  location: string;
  description: string | null;
  virtual: boolean;
  additionalInformations: string | null;
};

export function toOfficeView(office: Sportello, locale: Locale): OfficeView {
  return {
    id: office.id,
    name: office.name,
    location: office.virtual
      ? translatorFor(locale, appointmentsIt)("appointments.virtualDesk")
      : (office.location ?? ""),
    description: office.description ?? null,
    virtual: office.virtual === true,
    additionalInformations: office.additionalInformations ?? null,
  };
}

/** A booked appointment as the pages show it; texts are formatted on the server (Europe/Rome) once. */
export type AppointmentView = {
  id: string;
  status: string;
  statusLabel: string;
  /** "martedì 1 dicembre 2026, 09:30" */
  when: string;
  day: string;
  time: string;
  office: OfficeView | null;
  categoryName: string | null;
  reasonId: string | null;
  reasonName: string;
  details: string;
  videoCallUrl: string | null;
  requester: { nome: string; cognome: string; email: string; codiceFiscale: string | null };
};

/** A status in the page's language; unknown statuses are shown as sent. */
function statusLabel(status: string | null | undefined, locale: Locale): string {
  if (!status) return "";
  return status in APPOINTMENT_STATUS_LABELS
    ? translatorFor(
        locale,
        appointmentsIt,
      )(`appointments.status.${status as keyof typeof APPOINTMENT_STATUS_LABELS}`)
    : status;
}

export function toAppointmentView(appointment: Appointment, locale: Locale): AppointmentView {
  const notes = parseAppointmentNotes(appointment.notes ?? "");
  const customer = appointment.customer;
  return {
    id: appointment.id,
    status: appointment.status ?? "",
    statusLabel: statusLabel(appointment.status, locale),
    when: formatDate(appointment.start, WHEN_PATTERN, locale),
    day: appointment.start.slice(0, 10),
    time: appointment.start.slice(11, 16),
    office: appointment.service ? toOfficeView(appointment.service, locale) : null,
    categoryName: appointment.category?.name ?? null,
    reasonId: notes?.reasonId ?? null,
    reasonName: notes?.reasonName ?? appointment.notes ?? "",
    details: notes?.details ?? "",
    videoCallUrl: appointment.videoCallUrl ?? null,
    requester: {
      nome: customer?.firstName ?? "",
      cognome: customer?.lastName ?? "",
      email: customer?.email ?? "",
      codiceFiscale: customer?.codice_fiscale ?? null,
    },
  };
}

/**
 * The requester as a page may show them to whoever holds the browser: initials, the e-mail's first letter and domain,
 * the fiscal code's first and last characters. For an anonymous booking opened again later through this browser's
 * proof (a shared computer keeps it for months): the person who booked knows who they are, the next person at the
 * computer learns nothing of them.
 */
export function maskedRequester(requester: AppointmentView["requester"]): AppointmentView["requester"] {
  const initial = (name: string) => (name ? `${name.trim().charAt(0).toUpperCase()}.` : "");
  const at = requester.email.lastIndexOf("@");
  const cf = requester.codiceFiscale;
  return {
    nome: initial(requester.nome),
    cognome: initial(requester.cognome),
    email: at > 0 ? `${requester.email.charAt(0)}•••${requester.email.slice(at)}` : "",
    codiceFiscale:
      cf && cf.length > 4 ? `${cf.slice(0, 3)}${"•".repeat(cf.length - 4)}${cf.slice(-1)}` : null,
  };
}

/**
 * An anonymous booking as this browser's proof may show it to whoever holds the browser later (not right after
 * booking): the requester masked, and neither the details the booker wrote (often personal: a health or family
 * matter) nor the video call's link (whoever holds it may join). The booker has both in the confirmation e-mail.
 */
export function forLaterHolder(view: AppointmentView): AppointmentView {
  return { ...view, requester: maskedRequester(view.requester), details: "", videoCallUrl: null };
}

/** The same for the appointment itself (its calendar file): the notes without their details, no video call link. */
export function appointmentForLaterHolder(appointment: Appointment): Appointment {
  const notes = parseAppointmentNotes(appointment.notes ?? "");
  return {
    ...appointment,
    notes: notes ? formatAppointmentNotes({ ...notes, details: "" }) : "",
    videoCallUrl: null,
  };
}

/** Closed appointments (cancelled, refused, past) cannot be changed any more. */
export function isChangeable(view: AppointmentView, now: Date = new Date()): boolean {
  if (view.status === "ANNULLATA" || view.status === "RIFIUTATA") return false;
  return formatDate(now, "yyyy-MM-dd HH:mm", "it") < `${view.day} ${view.time}`;
}
