import type { RouterContextProvider } from "react-router";
import type { Appointment } from "#shared/api/appsched.ts";
import { buildIcsCalendar, createAppointmentEvent } from "#shared/ics.ts";
import { getAppschedAccess } from "./access.server.ts";
import { HASH_PATTERN, readAppointmentForCalendar } from "./confirmation.server.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { appointmentsIt } from "./texts.ts";
import { answerDownload, downloadRefusal, fileResponse } from "#client/lib/download.server.ts";

type Args = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
  url: URL;
};

/**
 * The `.ics` of one appointment, built by the portal (shared/ics.ts). The same proofs as the pages: the citizen's
 * own appointment, the anonymous access token of this browser, or the e-mailed hash (`?hash=`).
 */
export async function loadCalendarFile({ request, context, params, url }: Args): Promise<Response> {
  const id = params.id ?? "";
  const hash = url.searchParams.get("hash");
  const t = serverT(context, appointmentsIt);
  if (hash !== null && !HASH_PATTERN.test(hash))
    return downloadRefusal(context, 400, t("appointments.notFound.malformedTitle"));
  const notFound = t("appointments.notFound.title");
  // The upstream's 404/403, or the page's own "not found" (an appointment that is not this visitor's): a 404.
  return answerDownload(context, { notFound, missing: [403, 404] }, async () => {
    const access = await getAppschedAccess(request, context);
    const appointment: Appointment = hash
      ? await access.services.api.appschedPublic.getByHash(hash)
      : await readAppointmentForCalendar(access, id, context);
    if (appointment.id !== id) return downloadRefusal(context, 404, notFound);
    const event = createAppointmentEvent(appointment, {
      uidDomain: url.hostname,
      stamp: new Date(),
      texts: {
        summary: (office) =>
          office
            ? t("appointments.calendar.summary", { office })
            : t("appointments.calendar.summaryNoOffice"),
        reason: (reason) => t("appointments.calendar.reason", { reason }),
        details: (details) => t("appointments.calendar.details", { details }),
        videoCall: (link) => t("appointments.calendar.videoCall", { link }),
        virtualDesk: t("appointments.calendar.virtualDesk"),
      },
    });
    return fileResponse(buildIcsCalendar(event), {
      name: `appuntamento-${appointment.id.replace(/[^\w-]/g, "")}.ics`,
      type: "text/calendar; charset=utf-8",
    });
  });
}
