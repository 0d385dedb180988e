import { APPOINTMENT_DETAILS_MAX_LENGTH, parseAppointmentNotes } from "#shared/api/appsched.ts";
import { isValidDay } from "#shared/dates.ts";
import type { SlotBody } from "./appointment-input.ts";
import type { StoredAppointment } from "./appointment-types.ts";
import type { Office, TenantCatalog } from "./catalog-types.ts";
import { badRequest, SLOT_TAKEN, unprocessable } from "./http-error.ts";
import {
  getFreeSlots,
  getOfficeBookings,
  getSlotGrid,
  isSlotPast,
  isWithinBookingWindow,
} from "./schedule.ts";

export type CheckedSlot = { office: Office; day: string; time: string; notes: string };

type SlotCheckInput = {
  catalog: TenantCatalog;
  tenantId: string;
  appointments: StoredAppointment[];
  now: Date;
};

/**
 * Validates a booking or a move: 400 for a malformed request, 422 when the slot cannot be taken. Synchronous on
 * purpose: the caller inserts right after, with no await in between, so two requests cannot both take the last place.
 */
export function checkSlot(input: SlotCheckInput, body: SlotBody, excludeId?: number): CheckedSlot {
  const office = input.catalog.offices.find((candidate) => candidate.id === body.serviceId);
  if (!office) throw badRequest("Ufficio non valido", [`serviceId: ${body.serviceId} non esiste`]);
  checkNotes(office, body.notes);
  const day = body.start.slice(0, 10);
  const time = body.start.slice(11, 16);
  if (!isValidDay(day)) throw badRequest("Richiesta non valida", ["start: data inesistente"]);
  if (!isWithinBookingWindow(day, input.now) || isSlotPast(day, time, input.now)) {
    throw unprocessable("La data selezionata è fuori dal periodo prenotabile");
  }
  if (!getSlotGrid(office, day).includes(time)) throw unprocessable(SLOT_TAKEN);
  const bookings = getOfficeBookings(input.appointments, input.tenantId, office);
  if (!getFreeSlots(bookings, office, day, input.now, excludeId).includes(time))
    throw unprocessable(SLOT_TAKEN);
  return { office, day, time, notes: body.notes };
}

function checkNotes(office: Office, notes: string): void {
  const parsed = parseAppointmentNotes(notes);
  if (!parsed || !office.activitiesRelated.some((reason) => reason.id === parsed.reasonId)) {
    throw badRequest("Motivo non valido", ["notes: formato atteso ({id motivo}) {motivo} - {dettagli}"]);
  }
  if (parsed.details.trim().length === 0) throw badRequest("Il campo Dettagli è obbligatorio");
  if (parsed.details.length > APPOINTMENT_DETAILS_MAX_LENGTH) {
    throw badRequest(
      `Il campo Dettagli può contenere al massimo ${APPOINTMENT_DETAILS_MAX_LENGTH} caratteri`,
    );
  }
}
