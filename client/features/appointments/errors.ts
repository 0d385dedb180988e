import { data } from "react-router";
import { texts } from "./texts.ts";

/** The appointment pages' own error kinds: a clear page with its own heading instead of a generic error. */
export const APPOINTMENT_ERRORS = {
  "not-found": { status: 404, title: texts.notFound.title, message: texts.notFound.message },
  "link-not-found": { status: 404, title: texts.notFound.linkTitle, message: texts.notFound.linkMessage },
  "link-malformed": {
    status: 400,
    title: texts.notFound.malformedTitle,
    message: texts.notFound.malformedMessage,
  },
  "service-not-found": {
    status: 404,
    title: texts.notFound.serviceTitle,
    message: texts.notFound.serviceMessage,
  },
  closed: { status: 422, title: texts.notFound.closedTitle, message: texts.notFound.closedMessage },
} as const;
export type AppointmentErrorKind = keyof typeof APPOINTMENT_ERRORS;

export type AppointmentErrorData = { appointmentError: AppointmentErrorKind; title: string };

/** A `data()` to throw from a loader or action; its `title` also feeds the root boundary's message. */
export function appointmentError(kind: AppointmentErrorKind) {
  const { status, title } = APPOINTMENT_ERRORS[kind];
  return data<AppointmentErrorData>({ appointmentError: kind, title }, { status });
}

export function getAppointmentErrorKind(value: unknown): AppointmentErrorKind | null {
  if (typeof value !== "object" || value === null) return null;
  const kind = (value as Partial<AppointmentErrorData>).appointmentError;
  return typeof kind === "string" && kind in APPOINTMENT_ERRORS ? kind : null;
}
