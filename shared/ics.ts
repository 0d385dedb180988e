import { format } from "date-fns";
import { tz } from "@date-fns/tz";
import { parseAppointmentNotes, VIRTUAL_DESK_LOCATION, type Appointment } from "./api/appsched.ts";
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

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

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
];

/** Builds an RFC 5545 VCALENDAR with one VEVENT: CRLF line endings, text escaping, lines folded at 75 octets. */
export function buildIcsCalendar(
  event: CalendarEvent,
  productId = "-//Portale del Cittadino//Appuntamenti//IT",
): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...romeTimeZone,
    ...buildEventLines(event),
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

function buildEventLines(event: CalendarEvent): string[] {
  const optional = (name: string, value: string | undefined) =>
    value ? [`${name}:${escapeIcsText(value)}`] : [];
  return [
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${formatUtc(event.stamp)}`,
    `DTSTART;TZID=${ROME_TIME_ZONE}:${formatRome(event.start)}`,
    `DTEND;TZID=${ROME_TIME_ZONE}:${formatRome(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    ...optional("DESCRIPTION", event.description),
    ...optional("LOCATION", event.location),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status ?? "CONFIRMED"}`,
    "END:VEVENT",
  ];
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line so no physical line exceeds 75 octets, never splitting a UTF-8 character (§3.1). */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function formatRome(date: Date): string {
  return format(date, "yyyyMMdd'T'HHmmss", { in: tz(ROME_TIME_ZONE) });
}

function formatUtc(date: Date): string {
  return format(date, "yyyyMMdd'T'HHmmss'Z'", { in: tz("UTC") });
}

/** The calendar event of a booked appointment, as both the sandbox and the portal offer it for download. */
export function createAppointmentEvent(
  appointment: Appointment,
  options: { uidDomain: string; stamp: Date },
): CalendarEvent {
  const start = parseRomeDateTime(appointment.start);
  const slotMinutes = appointment.service?.slotMinutes ?? 30;
  const end = appointment.end
    ? parseRomeDateTime(appointment.end)
    : new Date(start.getTime() + slotMinutes * 60_000);
  const office = appointment.service;
  const reason = parseAppointmentNotes(appointment.notes ?? "");
  const videoCallUrl = appointment.videoCallUrl ?? undefined;
  const description = [
    reason ? `Motivo: ${reason.reasonName}` : appointment.notes,
    reason?.details ? `Dettagli: ${reason.details}` : null,
    videoCallUrl ? `Link della videochiamata: ${videoCallUrl}` : null,
    office?.additionalInformations,
  ].filter(Boolean);
  return {
    uid: `appuntamento-${appointment.id}@${options.uidDomain}`,
    start,
    end,
    stamp: options.stamp,
    summary: `Appuntamento: ${office?.name ?? "Ufficio comunale"}`,
    description: description.join("\n"),
    location: office?.virtual ? VIRTUAL_DESK_LOCATION : (office?.location ?? undefined),
    url: videoCallUrl,
    status:
      appointment.status === "ANNULLATA"
        ? "CANCELLED"
        : appointment.status === "APPROVATA"
          ? "CONFIRMED"
          : "TENTATIVE",
  };
}
