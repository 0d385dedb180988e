import { href, withQuery, type Query } from "#client/lib/links.ts";
import type { BookingStep, EditStep } from "./steps.ts";

export const BOOKING_PATH = href("/servizi/prenotazione-appuntamento");
export const BOOKING_FROM_SERVICE_PATH = href("/servizi/prenotazione-appuntamento-2");

/** Where a booking flow lives: the plain one, or the one started from a service (`?servizio=`). */
export type BookingRoute = { path: string; servizio?: string };

export function bookingStepHref(
  route: BookingRoute,
  step: BookingStep,
  extra: Query = {},
  hash = "",
): string {
  return withQuery(route.path, { servizio: route.servizio, passo: step, ...extra }, hash.replace(/^#/, ""));
}

/** The appointment pages by id (logged-in citizens) and by e-mailed hash (whoever holds the link). */
export const appointmentPaths = {
  bookingSuccess: (id: string) => href("/servizi/prenotazione-appuntamento/successo/:id", { id }),
  calendar: (id: string, hash?: string) =>
    withQuery(href("/servizi/prenotazione-appuntamento/calendario/:id", { id }), { hash }),
  edit: (id: string) => href("/servizi/appuntamento/modifica/:id", { id }),
  editSuccess: (id: string) => href("/servizi/appuntamento/modifica/successo/:id", { id }),
  editByLink: (hash: string) => href("/servizi/modifica-appuntamento/:hash", { hash }),
  editByLinkSuccess: (hash: string) => href("/servizi/modifica-appuntamento/successo/:hash", { hash }),
  cancelSuccess: href("/servizi/annullamento-appuntamento/successo"),
};

export function editStepHref(basePath: string, step: EditStep, extra: Query = {}, hash = ""): string {
  return withQuery(basePath, { passo: step, ...extra }, hash.replace(/^#/, ""));
}

export function cancelHref(basePath: string): string {
  return withQuery(basePath, { annulla: "1" }, "annullamento");
}
