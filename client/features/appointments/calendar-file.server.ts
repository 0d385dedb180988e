import type { RouterContextProvider } from "react-router";
import type { Appointment } from "#shared/api/appsched.ts";
import { readRouteError } from "#shared/route-error.ts";
import { buildIcsCalendar, createAppointmentEvent } from "#shared/ics.ts";
import { getAppschedAccess } from "./access.server.ts";
import { HASH_PATTERN, readOwnAppointment } from "./confirmation.server.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { appointmentsIt } from "./texts.ts";
import { attachmentDisposition } from "#client/lib/download.server.ts";

type Args = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
  url: URL;
};

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The `.ics` of one appointment, built by the portal (shared/ics.ts). The same proofs as the pages: the citizen's
 * own appointment, the anonymous access token of this browser, or the e-mailed hash (`?hash=`).
 */
export async function loadCalendarFile({ request, context, params, url }: Args): Promise<Response> {
  const id = params.id ?? "";
  const hash = url.searchParams.get("hash");
  const t = serverT(context, appointmentsIt);
  if (hash !== null && !HASH_PATTERN.test(hash)) return plain(400, t("appointments.notFound.malformedTitle"));
  let appointment: Appointment;
  try {
    const access = await getAppschedAccess(request, context);
    appointment = hash
      ? await access.services.api.appschedPublic.getByHash(hash)
      : await readOwnAppointment(access, id);
  } catch (error) {
    // The upstream's 404/403, or the page's own "not found" (an appointment that is not this visitor's).
    if (readRouteError(error, 404) || readRouteError(error, 403))
      return plain(404, t("appointments.notFound.title"));
    throw error;
  }
  if (appointment.id !== id) return plain(404, t("appointments.notFound.title"));
  const event = createAppointmentEvent(appointment, { uidDomain: url.hostname, stamp: new Date() });
  return new Response(buildIcsCalendar(event), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": attachmentDisposition(
        `appuntamento-${appointment.id.replace(/[^\w-]/g, "")}.ics`,
      ),
      "Cache-Control": "private, no-store",
    },
  });
}
