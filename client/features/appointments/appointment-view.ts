import {
  getAppointmentStatusLabel,
  parseAppointmentNotes,
  VIRTUAL_DESK_LOCATION,
  type Appointment,
  type Sportello,
} from "#shared/api/appsched.ts";
import { formatDateIt } from "#shared/dates.ts";

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

export function toOfficeView(office: Sportello): OfficeView {
  return {
    id: office.id,
    name: office.name,
    location: office.virtual ? VIRTUAL_DESK_LOCATION : (office.location ?? ""),
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

export function toAppointmentView(appointment: Appointment): AppointmentView {
  const notes = parseAppointmentNotes(appointment.notes ?? "");
  const customer = appointment.customer;
  return {
    id: appointment.id,
    status: appointment.status ?? "",
    statusLabel: getAppointmentStatusLabel(appointment.status),
    when: formatDateIt(appointment.start, WHEN_PATTERN),
    day: appointment.start.slice(0, 10),
    time: appointment.start.slice(11, 16),
    office: appointment.service ? toOfficeView(appointment.service) : null,
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

/** Closed appointments (cancelled, refused, past) cannot be changed any more. */
export function isChangeable(view: AppointmentView, now: Date = new Date()): boolean {
  if (view.status === "ANNULLATA" || view.status === "RIFIUTATA") return false;
  return formatDateIt(now, "yyyy-MM-dd HH:mm") < `${view.day} ${view.time}`;
}
