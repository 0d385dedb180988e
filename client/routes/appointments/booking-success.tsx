import type { Route } from "./+types/booking-success";
import { loadBookingSuccess } from "#client/features/appointments/confirmation.server.ts";
import { ConfirmationPage } from "#client/features/appointments/confirmation-page.tsx";
import { requireAsset } from "#client/lib/require-asset.ts";
import { appointmentRoute } from "#client/features/appointments/appointment-route.ts";

export const middleware = [requireAsset("APPSCHED")];

const route = appointmentRoute("appointments.success.title");
export const handle = route.handle;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;

export async function loader(args: Route.LoaderArgs) {
  return loadBookingSuccess(args);
}

export default function BookingSuccess({ loaderData }: Route.ComponentProps) {
  return <ConfirmationPage data={loaderData} />;
}
