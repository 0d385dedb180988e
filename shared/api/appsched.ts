import { z } from "zod";

/*
 * Appointments (`/api[-public]/appsched/*`, upstream contract §4). Schemas tolerate unknown fields and ids sent as
 * numbers or strings (ids are normalised to strings). Wall-clock times are Europe/Rome: days "yyyy-MM-dd", slot
 * times "HH:mm", `start`/`end` "yyyy-MM-dd HH:mm:ss".
 *
 * Anonymous access (public API): the modify/cancel link `/servizi/modifica-appuntamento/{hash}` is sent only by
 * e-mail; no API answer carries `hash` except the `appointments/hash/{hash}` routes themselves. `POST appointments`
 * answers an `accessToken` (an HMAC of the appointment id kept by the server) that is the proof needed to read
 * that appointment anonymously: `GET appointments/{id}?token=…` and `GET ics?id=…&token=…`. Without a valid token
 * the answer is 404, so ids cannot be enumerated. Logged-in citizens (`/api`) read their own appointments by id.
 */

const IdSchema = z.union([z.string(), z.number()]).transform((value) => String(value));

export const APPOINTMENT_STATUS_LABELS = {
  IN_ATTESA: "In attesa",
  APPROVATA: "Approvata",
  RIFIUTATA: "Rifiutata",
  ANNULLATA: "Annullata",
  IN_REVISIONE: "In revisione",
  IN_ATTESA_INTEGRAZIONE: "In attesa integrazione",
} as const;
export type AppointmentStatus = keyof typeof APPOINTMENT_STATUS_LABELS;

/** Italian label of a status; unknown statuses are shown as sent. */
export function getAppointmentStatusLabel(status: string | null | undefined): string {
  if (!status) return "";
  return (APPOINTMENT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** Maximum length of the free-text "Dettagli" of a booking. */
export const APPOINTMENT_DETAILS_MAX_LENGTH = 200;
/** `providerId` the portal always sends: the service picks the operator. */
export const ANY_PROVIDER = "any-provider";
/** Label used as LOCATION of appointments held by video call. */
export const VIRTUAL_DESK_LOCATION = "Sportello virtuale (videochiamata)";

export const CategorySchema = z.object({ id: IdSchema, name: z.string() }).loose();
export type Category = z.infer<typeof CategorySchema>;

export const ReasonSchema = z.object({ id: IdSchema, name: z.string() }).loose();
export type Reason = z.infer<typeof ReasonSchema>;

export const OpeningHoursSchema = z
  .object({ weekday: z.number().int().min(1).max(7), from: z.string(), to: z.string() })
  .loose();
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/** An office ("Sportello"). `virtual` offices meet by video call; the sandbox adds its schedule fields. */
export const SportelloSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    location: z.string().nullish(),
    description: z.string().nullish(),
    additionalInformations: z.string().nullish(),
    activitiesRelated: z.array(ReasonSchema).nullish(),
    categoryId: IdSchema.nullish(),
    virtual: z.boolean().nullish(),
    videoCallUrl: z.string().nullish(),
    openingHours: z.array(OpeningHoursSchema).nullish(),
    slotMinutes: z.number().nullish(),
    capacity: z.number().nullish(),
  })
  .loose();
export type Sportello = z.infer<typeof SportelloSchema>;

export const SportelloDetailSchema = SportelloSchema.extend({
  firstAvailableDate: z.string().nullish(),
  lastAvailableDate: z.string().nullish(),
}).loose();
export type SportelloDetail = z.infer<typeof SportelloDetailSchema>;

export const CustomerSchema = z
  .object({
    firstName: z.string().nullish(),
    lastName: z.string().nullish(),
    email: z.string().nullish(),
    codice_fiscale: z.string().nullish(),
  })
  .loose();
export type Customer = z.infer<typeof CustomerSchema>;

export const AppointmentSchema = z
  .object({
    id: IdSchema,
    book: z.string().nullish(),
    start: z.string(),
    end: z.string().nullish(),
    notes: z.string().nullish(),
    serviceId: IdSchema.nullish(),
    providerId: IdSchema.nullish(),
    /** Present only in the answers of the `appointments/hash/{hash}` routes. */
    hash: z.string().nullish(),
    status: z.string().nullish(),
    customer: CustomerSchema.nullish(),
    service: SportelloSchema.nullish(),
    category: CategorySchema.nullish(),
    /** Video-call link of an appointment at a virtual office. */
    videoCallUrl: z.string().nullish(),
  })
  .loose();
export type Appointment = z.infer<typeof AppointmentSchema>;

/** Answer of `POST appointments`: the appointment plus the proof for anonymous reads (see above). */
export const CreatedAppointmentSchema = AppointmentSchema.extend({
  accessToken: z.string().nullish(),
}).loose();
export type CreatedAppointment = z.infer<typeof CreatedAppointmentSchema>;

export const DeletedAppointmentSchema = z.object({ id: IdSchema, status: z.string() }).loose();
export type DeletedAppointment = z.infer<typeof DeletedAppointmentSchema>;

export const LegalContentsSchema = z.object({ title: z.string(), body: z.string() }).loose();
export type LegalContents = z.infer<typeof LegalContentsSchema>;

export const DateListSchema = z.array(z.string());
export const SlotListSchema = z.array(z.string());

/** Body of `POST appointments`. */
export type NewAppointment = {
  book: string;
  /** "yyyy-MM-dd HH:mm:00", Rome wall-clock time. */
  start: string;
  /** "({reasonId}) {reasonName} - {details}", see {@link formatAppointmentNotes}. */
  notes: string;
  customer: { firstName: string; lastName: string; email: string; codice_fiscale?: string };
  providerId: string;
  serviceId: string;
};

/** Body of `PUT appointments/{id}` and `PUT appointments/hash/{hash}`. */
export type AppointmentUpdate = { start: string; notes: string; providerId: string; serviceId: string };

export type AppointmentNotes = { reasonId: string; reasonName: string; details: string };

export function formatAppointmentNotes(notes: AppointmentNotes): string {
  return `(${notes.reasonId}) ${notes.reasonName} - ${notes.details}`;
}

/** Reads back the notes written by {@link formatAppointmentNotes}; null when they do not follow that format. */
export function parseAppointmentNotes(notes: string): AppointmentNotes | null {
  const match = /^\(([^)]+)\) (.+?) - ([\s\S]*)$/.exec(notes);
  if (!match) return null;
  return { reasonId: match[1]!, reasonName: match[2]!, details: match[3]! };
}

/** "yyyy-MM-dd" + "HH:mm" → the `start` string the service expects. */
export function toAppointmentStart(day: string, time: string): string {
  return `${day} ${time}:00`;
}

/** Path (under `/api/appsched` or `/api-public/appsched`) of an appointment's calendar file. */
export function getAppointmentIcsPath(proof: { id: string; token: string } | { hash: string }): string {
  const query: Record<string, string> =
    "hash" in proof ? { hash: proof.hash } : { id: proof.id, token: proof.token };
  return `/ics?${new URLSearchParams(query).toString()}`;
}

/**
 * The appointments service as route loaders and actions see it (implemented in `server/upstream/`, bound to the
 * request: public or authenticated base, tenant, identity). Every method parses the answer with the schemas above.
 */
export interface AppschedApi {
  categories(): Promise<Category[]>;
  services(categoryId: string): Promise<Sportello[]>;
  service(id: string): Promise<SportelloDetail>;
  /** Unbookable days ("yyyy-MM-dd") of the month containing `monthDate` (any day of it). */
  unavailableDates(serviceId: string, monthDate: string): Promise<string[]>;
  /** Free slot times ("HH:mm") of `day` ("yyyy-MM-dd"). */
  availabilities(serviceId: string, day: string): Promise<string[]>;
  /**
   * Books. The upstream has no idempotency of its own (the BFF's proxy drops any such header): a retry is the
   * portal's to guard (client/lib/write-once.server.ts).
   */
  createAppointment(input: NewAppointment): Promise<CreatedAppointment>;
  /** The logged-in citizen's own appointments, newest start first (`GET appointments?sort=-start…`). */
  listAppointments(codiceFiscale: string): Promise<Appointment[]>;
  /** Logged-in: own appointments; anonymous: needs the `accessToken` from the creation answer. */
  getAppointment(id: string, accessToken?: string): Promise<Appointment>;
  updateAppointment(id: string, input: AppointmentUpdate): Promise<Appointment>;
  deleteAppointment(id: string): Promise<DeletedAppointment>;
  getByHash(hash: string): Promise<Appointment>;
  updateByHash(hash: string, input: AppointmentUpdate): Promise<Appointment>;
  deleteByHash(hash: string): Promise<DeletedAppointment>;
  legalContents(): Promise<LegalContents>;
}
