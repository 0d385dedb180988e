import type { Response } from "express";
import { AppointmentSchema } from "#shared/api/appsched.ts";
import { buildIcsCalendar, createAppointmentEvent } from "#shared/ics.ts";
import type { StoredAppointment } from "./appointment-types.ts";
import { toAppointmentDto } from "./dto.ts";
import { notFound } from "./http-error.ts";
import type { AppschedContext } from "./request-context.ts";

export function sendAppointmentIcs(
  res: Response,
  context: AppschedContext,
  appointment: StoredAppointment,
): void {
  if (appointment.status === "ANNULLATA") throw notFound("Appuntamento annullato");
  const dto = AppointmentSchema.parse(toAppointmentDto(appointment, context.catalog));
  const event = createAppointmentEvent(dto, { uidDomain: context.tenant.host, stamp: context.now });
  res
    .type("text/calendar; charset=utf-8")
    .attachment(`appuntamento-${appointment.id}.ics`)
    .send(buildIcsCalendar(event));
}
