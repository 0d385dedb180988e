import { expect, test } from "vitest";
import {
  AppointmentSchema,
  formatAppointmentNotes,
  getAppointmentIcsPath,
  getAppointmentStatusLabel,
  parseAppointmentNotes,
  SportelloDetailSchema,
} from "./appsched.ts";

test("status labels are Italian and unknown statuses pass through", () => {
  expect(getAppointmentStatusLabel("IN_ATTESA_INTEGRAZIONE")).toBe("In attesa integrazione");
  expect(getAppointmentStatusLabel("ANNULLATA")).toBe("Annullata");
  expect(getAppointmentStatusLabel("SOSPESA")).toBe("SOSPESA");
});

test("schemas accept numeric ids and unknown fields", () => {
  const office = SportelloDetailSchema.parse({
    id: 11,
    name: "Anagrafe",
    extra: true,
    firstAvailableDate: "2027-03-01",
  });
  expect(office.id).toBe("11");
  expect(office.extra).toBe(true);
  const appointment = AppointmentSchema.parse({
    id: 5,
    start: "2027-03-01 09:30:00",
    serviceId: 11,
    customer: { firstName: "Mario", phone: "1" },
  });
  expect(appointment.serviceId).toBe("11");
  expect(appointment.customer?.phone).toBe("1");
});

test("notes carry the reason and the details and can be read back", () => {
  const notes = formatAppointmentNotes({
    reasonId: "1",
    reasonName: "Carta d'identità",
    details: "Rinnovo - urgente",
  });
  expect(notes).toBe("(1) Carta d'identità - Rinnovo - urgente");
  expect(parseAppointmentNotes(notes)).toEqual({
    reasonId: "1",
    reasonName: "Carta d'identità",
    details: "Rinnovo - urgente",
  });
  expect(parseAppointmentNotes("testo libero")).toBeNull();
});

test("the calendar path carries the proof", () => {
  expect(getAppointmentIcsPath({ id: "5", token: "a b" })).toBe("/ics?id=5&token=a+b");
  expect(getAppointmentIcsPath({ hash: "abc" })).toBe("/ics?hash=abc");
});
