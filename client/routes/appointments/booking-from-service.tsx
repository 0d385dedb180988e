import type { Route } from "./+types/booking-from-service";
import { getServiceVariant, loadBooking } from "#client/features/appointments/booking-loader.server.ts";
import { handleBookingAction } from "#client/features/appointments/booking-action.server.ts";
import { BookingPage } from "#client/features/appointments/booking-page.tsx";
import { requireAsset } from "#client/lib/require-asset.ts";
import { appointmentRoute } from "#client/features/appointments/appointment-route.ts";

export const middleware = [requireAsset("APPSCHED")];

const route = appointmentRoute("appointments.title", "appointments.lead");
export const handle = route.handle;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;

const variantOf =
  (url: URL) =>
  (access: {
    config: { dettagli: Parameters<typeof getServiceVariant>[0] };
    services: { locale: Parameters<typeof getServiceVariant>[2] };
  }) =>
    getServiceVariant(access.config.dettagli, url.searchParams.get("servizio"), access.services.locale);

export async function loader(args: Route.LoaderArgs) {
  return loadBooking(args, variantOf(args.url));
}

export async function action(args: Route.ActionArgs) {
  return handleBookingAction(args, variantOf(args.url));
}

export default function BookingFromService({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} actionData={actionData} />;
}
