import type { Route } from "./+types/booking";
import { requireAsset } from "#client/lib/require-asset.ts";
import { pageTitle } from "#client/lib/titles.ts";
import { getPlainVariant, loadBooking } from "#client/features/appointments/booking-loader.server.ts";
import { handleBookingAction } from "#client/features/appointments/booking-action.server.ts";
import { BookingPage } from "#client/features/appointments/booking-page.tsx";
import { AppointmentErrorBoundary, getErrorTitle } from "#client/features/appointments/appointment-error.tsx";
import { texts } from "#client/features/appointments/texts.ts";

export const middleware = [requireAsset("APPSCHED")];

export const handle = { title: texts.title };

export async function loader(args: Route.LoaderArgs) {
  return loadBooking(args, getPlainVariant);
}

export async function action(args: Route.ActionArgs) {
  return handleBookingAction(args, getPlainVariant);
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageTitle(matches, getErrorTitle(error) ?? texts.title);

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = AppointmentErrorBoundary;
