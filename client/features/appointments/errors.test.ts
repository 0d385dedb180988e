import { expect, test } from "vitest";
import { readRouteError } from "#shared/route-error.ts";
import { appointmentError, getAppointmentErrorKind } from "./errors.ts";

test("an appointment error is worded in the request's language, and keeps its kind", () => {
  const english = appointmentError("closed", "en");
  const italian = appointmentError("closed", "it");
  expect(getAppointmentErrorKind(english)).toBe("closed");
  expect(readRouteError(english)?.status).toBe(422);
  expect(readRouteError(english)?.title).toBe("Appointment cannot be changed");
  expect(readRouteError(italian)?.title).toBe("Appuntamento non modificabile");
  expect(readRouteError(english)?.details).toHaveLength(1);
});
