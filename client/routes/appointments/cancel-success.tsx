import { Link, redirect } from "react-router";
import type { Route } from "./+types/cancel-success";
import { justDoneRef } from "#client/lib/just-done.server.ts";
import { href } from "#client/lib/links.ts";
import { Callout } from "#client/components/ui/callout.tsx";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { AppointmentLayout } from "#client/features/appointments/page-layout.tsx";
import { requireAsset } from "#client/lib/require-asset.ts";
import { appointmentRoute } from "#client/features/appointments/appointment-route.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "#client/features/appointments/texts.ts";

export const middleware = [requireAsset("APPSCHED")];

const route = appointmentRoute("appointments.cancel.successTitle");
export const handle = route.handle;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;

/** Only right after this browser cancelled an appointment (issue #40): opened otherwise, the booking page. */
export function loader({ context }: Route.LoaderArgs) {
  if (!justDoneRef(context, "cancelled")) throw redirect(href("/servizi/prenotazione-appuntamento"));
  return null;
}

export default function CancelSuccess() {
  const t = useT(appointmentsIt);
  return (
    <AppointmentLayout
      title={t("appointments.cancel.successTitle")}
      current={t("appointments.cancel.successTitle")}
      after={<PageEnd variant="service" title={t("appointments.cancel.successTitle")} />}
    >
      <Callout title={t("appointments.cancel.successTitle")} variant="success" titleAs="h2">
        <p className="mb-0">{t("appointments.cancel.successLead")}</p>
      </Callout>
      <div className="d-flex flex-wrap gap-3 mt-4">
        <Link className="btn btn-primary" to={href("/servizi/prenotazione-appuntamento")}>
          {t("appointments.success.newBooking")}
        </Link>
        <Link className="btn btn-outline-primary" to={href("/")}>
          {t("error.toHome")}
        </Link>
      </div>
    </AppointmentLayout>
  );
}
