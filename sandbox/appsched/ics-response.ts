import type { Response } from "express";
import { AppointmentSchema, VIRTUAL_DESK_LOCATION } from "#shared/api/appsched.ts";
import { buildIcsCalendar, createAppointmentEvent, type AppointmentEventTexts } from "#shared/ics.ts";
import type { StoredAppointment } from "./appointment-types.ts";
import { toAppointmentDto } from "./dto.ts";
import { notFound } from "./http-error.ts";
import type { AppschedContext } from "./request-context.ts";

/** The upstream's own `.ics` speaks Italian. */
const ICS_TEXTS: AppointmentEventTexts = {
  summary: (office) => `Appuntamento: ${office ?? "Ufficio comunale"}`,
  reason: (reason) => `Motivo: ${reason}`,
  details: (details) => `Dettagli: ${details}`,
  videoCall: (url) => `Link della videochiamata: ${url}`,
  virtualDesk: VIRTUAL_DESK_LOCATION,
};

export function sendAppointmentIcs(
  res: Response,
  context: AppschedContext,
  appointment: StoredAppointment,
): void {
  if (appointment.status === "ANNULLATA") throw notFound("Appuntamento annullato");
  const dto = AppointmentSchema.parse(toAppointmentDto(appointment, context.catalog));
  const event = createAppointmentEvent(dto, {
    uidDomain: context.tenant.host,
    stamp: context.now,
    texts: ICS_TEXTS,
  });
  res
    .type("text/calendar; charset=utf-8")
    .attachment(`appuntamento-${appointment.id}.ics`)
    .send(buildIcsCalendar(event));
}
