import { getAppointmentStatusLabel, parseAppointmentNotes } from "#shared/api/appsched.ts";
import { formatDate } from "#shared/dates.ts";
import type { AppschedState, StoredAppointment } from "./appointment-types.ts";
import type { Office } from "./catalog-types.ts";

export type MailKind = "created" | "updated" | "cancelled";

const subjects: Record<MailKind, string> = {
  created: "Conferma prenotazione appuntamento",
  updated: "Modifica prenotazione appuntamento",
  cancelled: "Annullamento appuntamento",
};

const openings: Record<MailKind, string> = {
  created: "la prenotazione del tuo appuntamento è stata registrata.",
  updated: "il tuo appuntamento è stato modificato.",
  cancelled: "il tuo appuntamento è stato annullato.",
};

export function getManageLink(hash: string): string {
  return `/servizi/modifica-appuntamento/${hash}`;
}

/** "Sends" the e-mail of a booking event to the customer: it lands in the sandbox mailbox. */
export function sendAppointmentMail(
  state: AppschedState,
  kind: MailKind,
  appointment: StoredAppointment,
  office: Office,
  now: Date,
): void {
  const link = kind === "cancelled" ? null : getManageLink(appointment.hash);
  state.mailbox.push({
    id: state.nextMailId++,
    tenantId: appointment.tenantId,
    to: appointment.customer.email,
    subject: subjects[kind],
    body: buildBody(kind, appointment, office, link),
    link,
    sentAt: now.toISOString(),
  });
}

function buildBody(
  kind: MailKind,
  appointment: StoredAppointment,
  office: Office,
  link: string | null,
): string {
  const { customer } = appointment;
  const reason = parseAppointmentNotes(appointment.notes);
  const lines = [
    `Gentile ${customer.firstName} ${customer.lastName},`,
    openings[kind],
    "",
    `Ufficio: ${office.name}`,
    `Indirizzo: ${office.location}`,
    ...(appointment.videoCallUrl ? [`Link della videochiamata: ${appointment.videoCallUrl}`] : []),
    `Data e orario: ${formatDate(appointment.start, "EEEE d MMMM yyyy, HH:mm", "it")}`,
    `Motivo: ${reason ? reason.reasonName : appointment.notes}`,
    ...(reason?.details ? [`Dettagli: ${reason.details}`] : []),
    `Stato: ${getAppointmentStatusLabel(appointment.status)}`,
  ];
  if (link) lines.push("", "Per modificare o annullare l'appuntamento apri questo link:", link);
  if (kind !== "cancelled") lines.push("", office.additionalInformations);
  return lines.join("\n");
}
