import type { AppointmentStatus } from "#shared/api/appsched.ts";
import type { AppschedState, StoredAppointment, StoredCustomer } from "./appointment-types.ts";
import type { Office } from "./catalog-types.ts";
import { fromMinutes, toMinutes } from "./schedule.ts";
import { createMeetingRoom } from "./tokens.ts";

export type AppointmentDraft = {
  tenantId: string;
  office: Office;
  day: string;
  time: string;
  notes: string;
  customer: StoredCustomer;
  ownerCf: string | null;
  status: AppointmentStatus;
  book: Date;
  hash: string;
};

export function insertAppointment(state: AppschedState, draft: AppointmentDraft): StoredAppointment {
  const id = state.nextAppointmentId++;
  const { office, tenantId } = draft;
  const appointment: StoredAppointment = {
    id,
    tenantId,
    hash: draft.hash,
    book: draft.book.toISOString(),
    ...getSlotBounds(office, draft.day, draft.time),
    notes: draft.notes,
    serviceId: office.id,
    providerId: "any-provider",
    status: draft.status,
    customer: draft.customer,
    ownerCf: draft.ownerCf,
    videoCallUrl: office.virtual
      ? `${office.videoCallUrl}/${createMeetingRoom(state.secret, tenantId, id)}`
      : null,
  };
  state.appointments.push(appointment);
  return appointment;
}

/** Moves an appointment to another slot (and possibly office); its status starts over. */
export function moveAppointment(
  state: AppschedState,
  appointment: StoredAppointment,
  change: { office: Office; day: string; time: string; notes: string },
): void {
  const { office } = change;
  Object.assign(appointment, getSlotBounds(office, change.day, change.time), {
    notes: change.notes,
    serviceId: office.id,
    status: getInitialStatus(office),
    videoCallUrl: office.virtual
      ? `${office.videoCallUrl}/${createMeetingRoom(state.secret, appointment.tenantId, appointment.id)}`
      : null,
  });
}

export function getInitialStatus(office: Office): AppointmentStatus {
  return office.autoApprove ? "APPROVATA" : "IN_ATTESA";
}

function getSlotBounds(office: Office, day: string, time: string): { start: string; end: string } {
  return {
    start: `${day} ${time}:00`,
    end: `${day} ${fromMinutes(toMinutes(time) + office.slotMinutes)}:00`,
  };
}
