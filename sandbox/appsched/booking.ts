import { CreateBodySchema, parseBody, resolveCustomer, SlotBodySchema } from "./appointment-input.ts";
import { getInitialStatus, insertAppointment, moveAppointment } from "./appointment-store.ts";
import type { StoredAppointment } from "./appointment-types.ts";
import { findOffice } from "./catalog.ts";
import { unprocessable } from "./http-error.ts";
import { sendAppointmentMail } from "./mail.ts";
import type { AppschedContext } from "./request-context.ts";
import { isSlotPast } from "./schedule.ts";
import { checkSlot } from "./slot-check.ts";
import { generateAppointmentHash } from "./tokens.ts";

// Every function here is synchronous: check and write happen in one turn of the event loop.

export function bookAppointment(context: AppschedContext, rawBody: unknown): StoredAppointment {
  const body = parseBody(CreateBodySchema, rawBody);
  const customer = resolveCustomer(body, context.publicApi ? null : context.citizen);
  const slot = checkSlot(getSlotCheckInput(context), body);
  const appointment = insertAppointment(context.state, {
    tenantId: context.tenant.id,
    ...slot,
    customer,
    ownerCf: context.publicApi ? null : (context.citizen?.codFisc ?? null),
    status: getInitialStatus(slot.office),
    book: context.now,
    hash: generateAppointmentHash(),
  });
  sendAppointmentMail(context.state, "created", appointment, slot.office, context.now);
  return appointment;
}

export function changeAppointment(
  context: AppschedContext,
  appointment: StoredAppointment,
  rawBody: unknown,
): void {
  const body = parseBody(SlotBodySchema, rawBody);
  requireChangeable(context, appointment);
  const slot = checkSlot(getSlotCheckInput(context), body, appointment.id);
  moveAppointment(context.state, appointment, slot);
  sendAppointmentMail(context.state, "updated", appointment, slot.office, context.now);
}

export function cancelAppointment(context: AppschedContext, appointment: StoredAppointment): void {
  if (appointment.status === "ANNULLATA") return;
  requireChangeable(context, appointment);
  appointment.status = "ANNULLATA";
  const office = findOffice(appointment.tenantId, appointment.serviceId);
  if (office) sendAppointmentMail(context.state, "cancelled", appointment, office, context.now);
}

export function isPastAppointment(appointment: StoredAppointment, now: Date): boolean {
  return isSlotPast(appointment.start.slice(0, 10), appointment.start.slice(11, 16), now);
}

function requireChangeable(context: AppschedContext, appointment: StoredAppointment): void {
  const closed = appointment.status === "ANNULLATA" || appointment.status === "RIFIUTATA";
  if (closed || isPastAppointment(appointment, context.now)) {
    throw unprocessable("L'appuntamento non può più essere modificato");
  }
}

function getSlotCheckInput(context: AppschedContext) {
  const { catalog, tenant, state, now } = context;
  return { catalog, tenantId: tenant.id, appointments: state.appointments, now };
}
