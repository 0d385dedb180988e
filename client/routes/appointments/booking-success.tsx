import type { Route } from "./+types/booking-success";
import { requireAsset } from "#client/lib/require-asset.ts";
import { pageTitle } from "#client/lib/titles.ts";
import { loadBookingSuccess } from "#client/features/appointments/confirmation.server.ts";
import { ConfirmationPage } from "#client/features/appointments/confirmation-page.tsx";
import { AppointmentErrorBoundary, getErrorTitle } from "#client/features/appointments/appointment-error.tsx";
import { texts } from "#client/features/appointments/texts.ts";

export const middleware = [requireAsset("APPSCHED")];

export const handle = { title: texts.success.title };

export async function loader(args: Route.LoaderArgs) {
  return loadBookingSuccess(args);
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageTitle(matches, getErrorTitle(error) ?? texts.success.title);

export default function BookingSuccess({ loaderData }: Route.ComponentProps) {
  return <ConfirmationPage data={loaderData} />;
}

export const ErrorBoundary = AppointmentErrorBoundary;
