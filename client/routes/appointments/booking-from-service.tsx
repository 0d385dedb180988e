import type { Route } from "./+types/booking-from-service";
import { requireAsset } from "#client/lib/require-asset.ts";
import { pageTitle } from "#client/lib/titles.ts";
import { getServiceVariant, loadBooking } from "#client/features/appointments/booking-loader.server.ts";
import { handleBookingAction } from "#client/features/appointments/booking-action.server.ts";
import { BookingPage } from "#client/features/appointments/booking-page.tsx";
import { AppointmentErrorBoundary, getErrorTitle } from "#client/features/appointments/appointment-error.tsx";
import { texts } from "#client/features/appointments/texts.ts";

export const middleware = [requireAsset("APPSCHED")];

export const handle = { title: texts.title };

const variantOf = (url: URL) => (access: { config: { dettagli: Parameters<typeof getServiceVariant>[0] } }) =>
  getServiceVariant(access.config.dettagli, url.searchParams.get("servizio"));

export async function loader(args: Route.LoaderArgs) {
  return loadBooking(args, variantOf(args.url));
}

export async function action(args: Route.ActionArgs) {
  return handleBookingAction(args, variantOf(args.url));
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageTitle(matches, getErrorTitle(error) ?? texts.title);

export default function BookingFromService({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = AppointmentErrorBoundary;
