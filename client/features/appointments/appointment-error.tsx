import { Link, useRouteError } from "react-router";
import { ErrorPage } from "#client/components/error-page/error-page.tsx";
import { href } from "#client/lib/links.ts";
import { APPOINTMENT_ERRORS, getAppointmentErrorKind } from "./errors.ts";
import { AppointmentLayout } from "./page-layout.tsx";
import { useT, type TextKey } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";

/** Route error boundary: the appointment pages' own errors get a clear page; anything else the generic one. */
export function AppointmentErrorBoundary() {
  const t = useT(appointmentsIt);
  const error = useRouteError();
  const kind = getAppointmentErrorKind(error);
  if (!kind) return <ErrorPage error={error} />;
  const { title, message, status } = APPOINTMENT_ERRORS[kind];
  return (
    <AppointmentLayout title={t(title)} current={t(title)}>
      <p className="lead">{t(message)}</p>
      <p className="text-secondary">{t("error.code", { code: status })}</p>
      <div className="d-flex flex-wrap gap-3">
        <Link className="btn btn-primary" to={href("/servizi/prenotazione-appuntamento")}>
          {t("appointments.notFound.toBooking")}
        </Link>
        <Link className="btn btn-outline-primary" to={href("/area-personale")}>
          {t("appointments.success.personalArea")}
        </Link>
      </div>
    </AppointmentLayout>
  );
}

/** The page title of an error (a catalogue key): the appointment error's own, else the generic one. */
export function getErrorTitle(error: unknown): TextKey<typeof appointmentsIt> | null {
  const kind = getAppointmentErrorKind(error);
  return kind ? APPOINTMENT_ERRORS[kind].title : null;
}
