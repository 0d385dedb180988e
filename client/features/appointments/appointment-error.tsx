import { Link, useRouteError } from "react-router";
import { ErrorPage } from "#client/features/errors/error-page.tsx";
import { href } from "#client/lib/links.ts";
import { APPOINTMENT_ERRORS, getAppointmentErrorKind } from "./errors.ts";
import { AppointmentLayout } from "./page-layout.tsx";
import { texts } from "./texts.ts";

/** Route error boundary: the appointment pages' own errors get a clear page; anything else the generic one. */
export function AppointmentErrorBoundary() {
  const error = useRouteError();
  const kind = getAppointmentErrorKind(error);
  if (!kind) return <ErrorPage error={error} />;
  const { title, message, status } = APPOINTMENT_ERRORS[kind];
  return (
    <AppointmentLayout title={title} current={title}>
      <p className="lead">{message}</p>
      <p className="text-secondary">Codice errore: {status}</p>
      <div className="d-flex flex-wrap gap-3">
        <Link className="btn btn-primary" to={href("/servizi/prenotazione-appuntamento")}>
          {texts.notFound.toBooking}
        </Link>
        <Link className="btn btn-outline-primary" to={href("/area-personale")}>
          {texts.success.personalArea}
        </Link>
      </div>
    </AppointmentLayout>
  );
}

/** The page title of an error: the appointment error's own, else the generic one. */
export function getErrorTitle(error: unknown): string | null {
  const kind = getAppointmentErrorKind(error);
  return kind ? APPOINTMENT_ERRORS[kind].title : null;
}
