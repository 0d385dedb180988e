import type { Locale } from "#shared/locale.ts";
import type { RouterContextProvider } from "react-router";
import type { Appointment } from "#shared/api/appsched.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { getAppschedAccess, type AppschedAccess } from "./access.server.ts";
import {
  appointmentForLaterHolder,
  isChangeable,
  forLaterHolder,
  toAppointmentView,
  type AppointmentView,
} from "./appointment-view.ts";
import { appointmentError, type AppointmentErrorKind } from "./errors.ts";
import { readAccessTokens } from "./access-cookie.server.ts";
import { findAccessToken } from "./flow-state.ts";
import type { ConfirmationData, ManageLinks } from "./step-types.ts";
import { appointmentPaths, cancelHref } from "./urls.ts";
import { ALREADY_SENT_NOTICE } from "./booking-loader.server.ts";
import { wasJustDone } from "#client/lib/just-done.server.ts";

type Args = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
  url: URL;
};

export const HASH_PATTERN = /^[\w-]{32,128}$/;

/** Turns the upstream's 404 (and 400 for malformed input) into the page's own error; anything else goes on. */
export async function orAppointmentError<T>(
  promise: Promise<T>,
  kind: AppointmentErrorKind,
  locale: Locale,
): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isUpstreamFailure(error, 404)) throw appointmentError(kind, locale);
    if (isUpstreamFailure(error, 400))
      throw appointmentError(kind === "link-not-found" ? "link-malformed" : kind, locale);
    throw error;
  }
}

/**
 * One appointment of this visitor, for its calendar file (`readAppointment`): an anonymous booking through this
 * browser's proof, unless it was just booked, as its page shows it to a later holder of the browser (without the
 * details written and the video call's link: `loadBookingSuccess`).
 */
export async function readAppointmentForCalendar(
  access: AppschedAccess,
  id: string,
  context: Readonly<RouterContextProvider>,
): Promise<Appointment> {
  const read = await readAppointment(access, id);
  return read.byProof && !wasJustDone(context, "booked", id)
    ? appointmentForLaterHolder(read.appointment)
    : read.appointment;
}

/**
 * Reads one appointment for this visitor. Logged in: their own, through the authenticated API. Anonymous: only
 * with the access token kept (sealed, HttpOnly) in the `appt-access` cookie when they booked it in this browser.
 * Someone else's id, or an id without proof, is "not found". `byProof`: only this browser's proof opened it (not the
 * citizen's own login).
 */
async function readAppointment(
  access: AppschedAccess,
  id: string,
): Promise<{ appointment: Appointment; byProof: boolean }> {
  const token = findAccessToken(readAccessTokens(access.services.flow), id);
  const { appschedPublic } = access.services.api;
  if (access.user) {
    try {
      return { appointment: await access.authenticated.getAppointment(id), byProof: false };
    } catch (error) {
      // Booked anonymously in this browser before logging in: the token still proves it.
      if (!(token && access.showPublic && isUpstreamFailure(error, 404))) throw error;
    }
  }
  if (!token || !access.showPublic) throw appointmentError("not-found", access.services.locale);
  return { appointment: await appschedPublic.getAppointment(id, token), byProof: true };
}

function manageById(view: AppointmentView, loggedIn: boolean): ManageLinks | null {
  if (!loggedIn || !isChangeable(view)) return null;
  const edit = appointmentPaths.edit(view.id);
  return { editHref: edit, cancelAction: edit, cancelNoJsHref: cancelHref(edit) };
}

export async function loadBookingSuccess({ request, context, params, url }: Args): Promise<ConfirmationData> {
  const access = await getAppschedAccess(request, context);
  const id = params.id ?? "";
  const read = await orAppointmentError(readAppointment(access, id), "not-found", access.services.locale);
  const view = toAppointmentView(read.appointment, access.services.locale);
  const loggedIn = access.user !== null;
  const alreadySent = url.searchParams.get("avviso") === ALREADY_SENT_NOTICE;
  const kind = alreadySent || wasJustDone(context, "booked", view.id) ? "booked" : "view";
  return {
    kind,
    // An anonymous booking opened again later through this browser's proof (not right after booking it): whoever
    // holds the browser now may be somebody else (a shared computer, another citizen logged in).
    appointment: read.byProof && kind === "view" ? forLaterHolder(view) : view,
    calendarHref: appointmentPaths.calendar(view.id),
    loggedIn,
    manage: manageById(view, loggedIn),
    alreadySent,
  };
}

export async function loadEditSuccess({ request, context, params }: Args): Promise<ConfirmationData> {
  const access = await getAppschedAccess(request, context);
  if (!access.user) throw appointmentError("not-found", access.services.locale);
  const id = params.id ?? "";
  const view = toAppointmentView(
    await orAppointmentError(access.authenticated.getAppointment(id), "not-found", access.services.locale),
    access.services.locale,
  );
  return {
    kind: wasJustDone(context, "edited", id) ? "edited" : "view",
    appointment: view,
    calendarHref: appointmentPaths.calendar(view.id),
    loggedIn: true,
    manage: manageById(view, true),
    alreadySent: false,
  };
}

export async function loadEditByLinkSuccess({ request, context, params }: Args): Promise<ConfirmationData> {
  const access = await getAppschedAccess(request, context);
  const hash = params.hash ?? "";
  if (!HASH_PATTERN.test(hash)) throw appointmentError("link-malformed", access.services.locale);
  const view = toAppointmentView(
    await orAppointmentError(
      access.services.api.appschedPublic.getByHash(hash),
      "link-not-found",
      access.services.locale,
    ),
    access.services.locale,
  );
  const edit = appointmentPaths.editByLink(hash);
  return {
    kind: wasJustDone(context, "edited", hash) ? "edited" : "view",
    appointment: view,
    calendarHref: appointmentPaths.calendar(view.id, hash),
    loggedIn: access.user !== null,
    manage: isChangeable(view)
      ? { editHref: edit, cancelAction: edit, cancelNoJsHref: cancelHref(edit) }
      : null,
    alreadySent: false,
  };
}
