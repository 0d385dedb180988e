import { readRouteError, routeError } from "#shared/route-error.ts";
import { translatorFor, type Locale } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";

/**
 * The appointment pages' own error kinds: a clear page with its own heading instead of a generic error. The page
 * (boundary and title) words them from the kind in its language; the route error's `title` is for the logs.
 */
export const APPOINTMENT_ERRORS = {
  "not-found": {
    status: 404,
    title: "appointments.notFound.title",
    message: "appointments.notFound.message",
  },
  "link-not-found": {
    status: 404,
    title: "appointments.notFound.linkTitle",
    message: "appointments.notFound.linkMessage",
  },
  "link-malformed": {
    status: 400,
    title: "appointments.notFound.malformedTitle",
    message: "appointments.notFound.malformedMessage",
  },
  "service-not-found": {
    status: 404,
    title: "appointments.notFound.serviceTitle",
    message: "appointments.notFound.serviceMessage",
  },
  closed: {
    status: 422,
    title: "appointments.notFound.closedTitle",
    message: "appointments.notFound.closedMessage",
  },
  /** The upstream does not take changes by the e-mailed link (the published BFF routes no PUT/DELETE there). */
  "link-readonly": {
    status: 403,
    title: "appointments.notFound.readonlyTitle",
    message: "appointments.notFound.readonlyMessage",
  },
} as const;
export type AppointmentErrorKind = keyof typeof APPOINTMENT_ERRORS;

const KIND_PREFIX = "appointment:";

/**
 * A route error to throw from a loader or action, worded in the request's locale (`access.services.locale`): its
 * `title` also feeds the root boundary's message.
 */
export function appointmentError(kind: AppointmentErrorKind, locale: Locale) {
  const { status, title, message } = APPOINTMENT_ERRORS[kind];
  const t = translatorFor(locale, appointmentsIt);
  return routeError(status, {
    title: t(title),
    details: [t(message)],
    kind: `${KIND_PREFIX}${kind}`,
  });
}

/** The appointment error kind of a caught error (thrown value or error response), or null for any other error. */
export function getAppointmentErrorKind(error: unknown): AppointmentErrorKind | null {
  const kind = readRouteError(error)?.kind;
  if (!kind?.startsWith(KIND_PREFIX)) return null;
  const name = kind.slice(KIND_PREFIX.length);
  return name in APPOINTMENT_ERRORS ? (name as AppointmentErrorKind) : null;
}
