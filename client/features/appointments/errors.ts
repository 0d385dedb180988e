import { readRouteError, routeError } from "#shared/route-error.ts";
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

const KIND_PREFIX = "appointment:";

/** A route error to throw from a loader or action; its `title` also feeds the root boundary's message. */
export function appointmentError(kind: AppointmentErrorKind) {
  const { status, title, message } = APPOINTMENT_ERRORS[kind];
  return routeError(status, { title, details: [message], kind: `${KIND_PREFIX}${kind}` });
}

/** The appointment error kind of a caught error (thrown value or error response), or null for any other error. */
export function getAppointmentErrorKind(error: unknown): AppointmentErrorKind | null {
  const kind = readRouteError(error)?.kind;
  if (!kind?.startsWith(KIND_PREFIX)) return null;
  const name = kind.slice(KIND_PREFIX.length);
  return name in APPOINTMENT_ERRORS ? (name as AppointmentErrorKind) : null;
}
