import { expect, test } from "vitest";
import { AppointmentSchema } from "./api/appsched.ts";
import { parseRomeDateTime } from "./dates.ts";
import { buildIcsCalendar, createAppointmentEvent } from "./ics.ts";

const octets = (line: string) => new TextEncoder().encode(line).length;

function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, "").split("\r\n");
}

const event = {
  uid: "appuntamento-1001@servizi.comune.valverde.it",
  start: parseRomeDateTime("2027-03-01 09:30"),
  end: parseRomeDateTime("2027-03-01 10:00"),
  stamp: new Date("2027-02-20T10:00:00Z"),
  summary: "Appuntamento: Ufficio Anagrafe, sede centrale; piano terra",
  description:
    "Motivo: Carta d'identità elettronica\nCosa serve: documento d'identità, fototessera e una descrizione lunghissima con lettere accentate àèìòù che va piegata su più righe",
  location: "Via Roma 1, 10060 Valverde (TO)",
};

test("a calendar file uses CRLF line endings and folds lines at 75 octets", () => {
  const ics = buildIcsCalendar(event);
  expect(ics.endsWith("\r\n")).toBe(true);
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const physical = ics.split("\r\n").slice(0, -1);
  for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(75);
  expect(physical.some((line) => line.startsWith(" "))).toBe(true);
});

test("the event carries UID, DTSTAMP in UTC and Rome wall-clock start and end", () => {
  const lines = unfold(buildIcsCalendar(event));
  expect(lines).toContain("UID:appuntamento-1001@servizi.comune.valverde.it");
  expect(lines).toContain("DTSTAMP:20270220T100000Z");
  expect(lines).toContain("DTSTART;TZID=Europe/Rome:20270301T093000");
  expect(lines).toContain("DTEND;TZID=Europe/Rome:20270301T100000");
  expect(lines).toContain("LOCATION:Via Roma 1\\, 10060 Valverde (TO)");
  expect(lines).toContain("SUMMARY:Appuntamento: Ufficio Anagrafe\\, sede centrale\\; piano terra");
  expect(lines.filter((line) => /^(BEGIN|END):/.test(line))).toEqual([
    "BEGIN:VCALENDAR",
    "BEGIN:VTIMEZONE",
    "BEGIN:DAYLIGHT",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    "END:VEVENT",
    "END:VCALENDAR",
  ]);
  expect(lines).toContain("TZID:Europe/Rome");
});

test("summer appointments keep their wall-clock time", () => {
  const summer = {
    ...event,
    start: parseRomeDateTime("2027-07-01 14:30"),
    end: parseRomeDateTime("2027-07-01 15:00"),
  };
  expect(unfold(buildIcsCalendar(summer))).toContain("DTSTART;TZID=Europe/Rome:20270701T143000");
});

test("text values escape backslashes, semicolons, commas and newlines", () => {
  const lines = unfold(buildIcsCalendar({ ...event, description: "a\\b;c,d\ne\r\nf" }));
  expect(lines).toContain("DESCRIPTION:a\\\\b\\;c\\,d\\ne\\nf");
});

test("folding never splits a multi-byte character", () => {
  const ics = buildIcsCalendar({ ...event, description: "è".repeat(100) });
  const physical = ics.split("\r\n");
  for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(75);
  expect(physical.join("\n")).not.toContain("\uFFFD");
  expect(unfold(ics)).toContain(`DESCRIPTION:${"è".repeat(100)}`);
});

test("the calendar keeps Rome time whatever the process's own time zone", () => {
  const previous = process.env.TZ;
  process.env.TZ = "America/New_York";
  try {
    expect(unfold(buildIcsCalendar(event))).toContain("DTSTART;TZID=Europe/Rome:20270301T093000");
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
});

test("a virtual appointment is located at the virtual desk and links its video call", () => {
  const appointment = AppointmentSchema.parse({
    id: 7,
    start: "2027-03-02 11:00:00",
    end: "2027-03-02 11:30:00",
    notes: "(4) Pubblicazioni di matrimonio - Documenti",
    status: "APPROVATA",
    videoCallUrl: "https://videochiamata.example.it/stato-civile/abc",
    service: {
      id: 12,
      name: "Sportello virtuale Stato civile",
      virtual: true,
      location: "Sportello virtuale (videochiamata)",
    },
  });
  const ics = buildIcsCalendar(
    createAppointmentEvent(appointment, { uidDomain: "example.it", stamp: new Date(0), texts: TEXTS }),
  );
  const lines = unfold(ics);
  expect(lines).toContain("LOCATION:Sportello virtuale (videochiamata)");
  expect(lines).toContain("URL;VALUE=URI:https://videochiamata.example.it/stato-civile/abc");
  expect(lines.find((line) => line.startsWith("DESCRIPTION:"))).toContain(
    "https://videochiamata.example.it/stato-civile/abc",
  );
  expect(lines).toContain("DTSTART;TZID=Europe/Rome:20270302T110000");
  expect(lines).toContain("UID:appuntamento-7@example.it");
});

const TEXTS = {
  summary: (office: string | undefined) => `Appuntamento: ${office ?? "Ufficio comunale"}`,
  reason: (reason: string) => `Motivo: ${reason}`,
  details: (details: string) => `Dettagli: ${details}`,
  videoCall: (url: string) => `Link della videochiamata: ${url}`,
  virtualDesk: "Sportello virtuale (videochiamata)",
};
