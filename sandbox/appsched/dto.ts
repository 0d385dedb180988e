import type { StoredAppointment } from "./appointment-types.ts";
import type { Office, TenantCatalog } from "./catalog-types.ts";

export function toSportelloDto(office: Office) {
  return {
    id: office.id,
    name: office.name,
    location: office.location,
    description: office.description,
    additionalInformations: office.additionalInformations,
    activitiesRelated: office.activitiesRelated,
    categoryId: office.categoryId,
    virtual: office.virtual === true,
    ...(office.videoCallUrl ? { videoCallUrl: office.videoCallUrl } : {}),
    openingHours: office.openingHours,
    slotMinutes: office.slotMinutes,
    capacity: office.capacity,
  };
}

/** The appointment "with aggregates". The hash is left out unless the caller already proved it holds it. */
export function toAppointmentDto(appointment: StoredAppointment, catalog: TenantCatalog, withHash = false) {
  const office = catalog.offices.find((candidate) => candidate.id === appointment.serviceId);
  const category = catalog.categories.find((candidate) => candidate.id === office?.categoryId);
  return {
    id: appointment.id,
    ...(withHash ? { hash: appointment.hash } : {}),
    book: appointment.book,
    start: appointment.start,
    end: appointment.end,
    notes: appointment.notes,
    serviceId: appointment.serviceId,
    providerId: appointment.providerId,
    status: appointment.status,
    customer: appointment.customer,
    service: office ? toSportelloDto(office) : null,
    category: category ?? null,
    ...(appointment.videoCallUrl ? { videoCallUrl: appointment.videoCallUrl } : {}),
  };
}
