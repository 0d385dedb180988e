import type { MetaDescriptor } from "react-router";
import type { MatchesFromRoot } from "#client/lib/root-data.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import type { TextKey } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { AppointmentErrorBoundary, getErrorTitle } from "./appointment-error.tsx";

/**
 * What every appointment route module has in common: the page title (an appointment error's own title when the page
 * failed) and the appointment error boundary. A route module adds the APPSCHED asset gate (as a plain `middleware`
 * export, which the build keeps out of the browser bundle), its loader, its action and its page:
 *
 * @example
 * export const middleware = [requireAsset("APPSCHED")];
 * const route = appointmentRoute("appointments.editFlow.title");
 * export const handle = route.handle;
 * export const meta = route.meta;
 * export const ErrorBoundary = route.ErrorBoundary;
 */
const VIEW_TITLE: TextKey<typeof appointmentsIt> = "appointments.success.viewTitle";

export function appointmentRoute(
  title: TextKey<typeof appointmentsIt>,
  /** What the page does, for its meta description (without it, the portal's default one). */
  description?: TextKey<typeof appointmentsIt>,
) {
  return {
    handle: routeHandle(title, appointmentsIt),
    meta: ({
      matches,
      error,
      loaderData,
    }: {
      matches: MatchesFromRoot;
      error?: unknown;
      loaderData?: unknown;
    }): MetaDescriptor[] => {
      const t = metaT(matches, appointmentsIt);
      const errorTitle = getErrorTitle(error);
      // A confirmation page opened otherwise than right after the booking or change (issue #40): no success told.
      const shown = (loaderData as { kind?: string } | undefined)?.kind === "view" ? VIEW_TITLE : title;
      return pageTitle(matches, t(errorTitle ?? shown), !errorTitle && description ? t(description) : null);
    },
    ErrorBoundary: AppointmentErrorBoundary,
  };
}
