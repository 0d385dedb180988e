import type { BookingStep, EditStep } from "./flow-state.ts";

export const BOOKING_PATH = "/servizi/prenotazione-appuntamento";
export const BOOKING_FROM_SERVICE_PATH = "/servizi/prenotazione-appuntamento-2";

type Extra = Record<string, string | null | undefined>;

function withQuery(path: string, query: Extra, hash = ""): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}${hash}`;
}

/** Where a booking flow lives: the plain one, or the one started from a service (`?servizio=`). */
export type BookingRoute = { path: string; servizio?: string };

export function bookingStepHref(
  route: BookingRoute,
  step: BookingStep,
  extra: Extra = {},
  hash = "",
): string {
  return withQuery(route.path, { servizio: route.servizio, passo: step, ...extra }, hash);
}

/** The appointment pages by id (logged-in citizens) and by e-mailed hash (whoever holds the link). */
export const appointmentPaths = {
  bookingSuccess: (id: string) => `${BOOKING_PATH}/successo/${encodeURIComponent(id)}`,
  calendar: (id: string, hash?: string) =>
    withQuery(`${BOOKING_PATH}/calendario/${encodeURIComponent(id)}`, { hash }),
  edit: (id: string) => `/servizi/appuntamento/modifica/${encodeURIComponent(id)}`,
  editSuccess: (id: string) => `/servizi/appuntamento/modifica/successo/${encodeURIComponent(id)}`,
  editByLink: (hash: string) => `/servizi/modifica-appuntamento/${encodeURIComponent(hash)}`,
  editByLinkSuccess: (hash: string) => `/servizi/modifica-appuntamento/successo/${encodeURIComponent(hash)}`,
  cancelSuccess: "/servizi/annullamento-appuntamento/successo",
};

export function editStepHref(basePath: string, step: EditStep, extra: Extra = {}, hash = ""): string {
  return withQuery(basePath, { passo: step, ...extra }, hash);
}

export function cancelHref(basePath: string): string {
  return withQuery(basePath, { annulla: "1" }, "#annullamento");
}
