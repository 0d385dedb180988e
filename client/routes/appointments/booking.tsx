import type { Route } from "./+types/booking";
import { getPlainVariant, loadBooking } from "#client/features/appointments/booking-loader.server.ts";
import { handleBookingAction } from "#client/features/appointments/booking-action.server.ts";
import { BookingPage } from "#client/features/appointments/booking-page.tsx";
import { requireAsset } from "#client/lib/require-asset.ts";
import { appointmentRoute } from "#client/features/appointments/appointment-route.ts";

export const middleware = [requireAsset("APPSCHED")];

const route = appointmentRoute("appointments.title", "appointments.lead");
export const handle = route.handle;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;

export async function loader(args: Route.LoaderArgs) {
  return loadBooking(args, getPlainVariant);
}

export async function action(args: Route.ActionArgs) {
  return handleBookingAction(args, getPlainVariant);
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} actionData={actionData} />;
}
