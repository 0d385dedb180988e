import type { AppointmentStatus } from "#shared/api/appsched.ts";

export type StoredCustomer = {
  firstName: string;
  lastName: string;
  email: string;
  codice_fiscale: string | null;
};

/** An appointment as the sandbox keeps it; `start`/`end` are Rome wall-clock "yyyy-MM-dd HH:mm:00". */
export type StoredAppointment = {
  id: number;
  tenantId: string;
  hash: string;
  book: string;
  start: string;
  end: string;
  notes: string;
  serviceId: string;
  providerId: string;
  status: AppointmentStatus;
  customer: StoredCustomer;
  /** Fiscal code of the logged-in citizen who booked; null for anonymous bookings (they own it by hash only). */
  ownerCf: string | null;
  /** Meeting room of an appointment at a virtual office. */
  videoCallUrl: string | null;
};

export type MailMessage = {
  id: number;
  tenantId: string;
  to: string;
  subject: string;
  body: string;
  /** Portal-relative link the e-mail carries, e.g. `/servizi/modifica-appuntamento/{hash}`. */
  link: string | null;
  sentAt: string;
};

/** The appointments service's part of the sandbox state (seeded by `seedAppsched` in state.ts). */
export type AppschedState = {
  /** HMAC key of access tokens and meeting rooms. */
  secret: string;
  nextAppointmentId: number;
  nextMailId: number;
  appointments: StoredAppointment[];
  /** E-mails "sent" by the service, shown at `/__sandbox/mailbox`. */
  mailbox: MailMessage[];
};
