import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { TZDate } from "@date-fns/tz";
import { parseAppointmentNotes, type Appointment } from "./api/appsched.ts";
import { parseRomeDateTime, ROME_TIME_ZONE } from "./dates.ts";

/** One calendar event; times are instants, written as Europe/Rome wall-clock time. */
export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  /** When the file was produced (DTSTAMP, written in UTC). */
  stamp: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** "CONFIRMED" | "TENTATIVE" | "CANCELLED" */
  status?: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
};

// Rome's rules since 1996 (last Sunday of March / October), enough for every bookable date.
const romeTimeZone = [
  "BEGIN:VTIMEZONE",
  `TZID:${ROME_TIME_ZONE}`,
  `X-LIC-LOCATION:${ROME_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

const statuses = {
  CONFIRMED: ICalEventStatus.CONFIRMED,
  TENTATIVE: ICalEventStatus.TENTATIVE,
  CANCELLED: ICalEventStatus.CANCELLED,
} as const;

/**
 * An RFC 5545 VCALENDAR with one VEVENT, written by `ical-generator` (escaping, folding at 75 octets, CRLF): start
 * and end as Europe/Rome wall-clock time with its VTIMEZONE, DTSTAMP in UTC (decision: docs/decisions/libraries.md).
 */
export function buildIcsCalendar(
  event: CalendarEvent,
  productId = "-//Portale del Cittadino//Appuntamenti//IT",
): string {
  // The calendar itself has no time zone, so DTSTAMP stays in UTC; the event's zone brings in its VTIMEZONE.
  const calendar = ical({
    prodId: productId,
    method: ICalCalendarMethod.PUBLISH,
    scale: "GREGORIAN",
    timezone: { name: null, generator: (zone) => (zone === ROME_TIME_ZONE ? romeTimeZone : null) },
  });
  calendar.createEvent({
    id: event.uid,
    stamp: event.stamp,
    // A TZDate in Rome is written as Rome's wall-clock time, whatever the process's own zone.
    start: new TZDate(event.start, ROME_TIME_ZONE),
    end: new TZDate(event.end, ROME_TIME_ZONE),
    timezone: ROME_TIME_ZONE,
    summary: event.summary,
    description: event.description || null,
    location: event.location || null,
    url: event.url || null,
    status: statuses[event.status ?? "CONFIRMED"],
  });
  return `${calendar.toString()}\r\n`;
}

/** The calendar event of a booked appointment, as both the sandbox and the portal offer it for download. */
/**
 * The words of an appointment's calendar event, in the language of whoever builds it: the portal's from its texts in
 * the page's language, the sandbox (the upstream's own `.ics`) its Italian.
 */
export type AppointmentEventTexts = {
  /** The event's title, from the office's name (none: a generic one). */
  summary: (office: string | undefined) => string;
  reason: (reason: string) => string;
  details: (details: string) => string;
  videoCall: (url: string) => string;
  /** The location of an appointment held by video call. */
  virtualDesk: string;
};

export function createAppointmentEvent(
  appointment: Appointment,
  options: { uidDomain: string; stamp: Date; texts: AppointmentEventTexts },
): CalendarEvent {
  const { texts } = options;
  const start = parseRomeDateTime(appointment.start);
  const slotMinutes = appointment.service?.slotMinutes ?? 30;
  const end = appointment.end
    ? parseRomeDateTime(appointment.end)
    : new Date(start.getTime() + slotMinutes * 60_000);
  const office = appointment.service;
  const reason = parseAppointmentNotes(appointment.notes ?? "");
  const videoCallUrl = appointment.videoCallUrl ?? undefined;
  const description = [
    reason ? texts.reason(reason.reasonName) : appointment.notes,
    reason?.details ? texts.details(reason.details) : null,
    videoCallUrl ? texts.videoCall(videoCallUrl) : null,
    office?.additionalInformations,
  ].filter(Boolean);
  return {
    uid: `appuntamento-${appointment.id}@${options.uidDomain}`,
    start,
    end,
    stamp: options.stamp,
    summary: texts.summary(office?.name),
    description: description.join("\n"),
    location: office?.virtual ? texts.virtualDesk : (office?.location ?? undefined),
    url: videoCallUrl,
    status:
      appointment.status === "ANNULLATA"
        ? "CANCELLED"
        : appointment.status === "APPROVATA"
          ? "CONFIRMED"
          : "TENTATIVE",
  };
}
