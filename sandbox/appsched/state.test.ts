import { expect, test } from "vitest";
import { seedCitizens } from "../seed/citizens.ts";
import { findOffice } from "./catalog.ts";
import { getFreeSlots, getOfficeBookings } from "./schedule.ts";
import { seedAppsched } from "./state.ts";
import { TEST_NOW } from "#tests/support/appsched-test-app.ts";

test("the seed is deterministic for a given day and secret, and JSON-serialisable", () => {
  const first = seedAppsched({ now: TEST_NOW, secret: "s" });
  expect(seedAppsched({ now: TEST_NOW, secret: "s" })).toEqual(first);
  expect(JSON.parse(JSON.stringify(first))).toEqual(first);
  expect(seedAppsched({ now: TEST_NOW }).secret).not.toBe(seedAppsched({ now: TEST_NOW }).secret);
});

test("the test citizens own seeded appointments", () => {
  const state = seedAppsched({ now: TEST_NOW, secret: "s" });
  for (const citizen of seedCitizens().slice(0, 2)) {
    expect(state.appointments.some((appointment) => appointment.ownerCf === citizen.codFisc)).toBe(true);
  }
});

test("Ufficio Tributi has exactly one place left on its next open day, whatever today is", () => {
  for (const now of [TEST_NOW, new Date("2027-03-03T07:00:00Z"), new Date("2027-12-23T10:00:00Z")]) {
    const state = seedAppsched({ now, secret: "s" });
    const office = findOffice("comune-a", "13")!;
    const bookings = getOfficeBookings(state.appointments, "comune-a", office);
    const day = bookings.filter((booking) => booking.customer.codice_fiscale === null)[0]!.start.slice(0, 10);
    expect(getFreeSlots(bookings, office, day, now), now.toISOString()).toHaveLength(1);
  }
});
