import type { Route } from "./+types/booking-from-service";
import { getServiceVariant, loadBooking } from "#client/features/appointments/booking-loader.server.ts";
import { handleBookingAction } from "#client/features/appointments/booking-action.server.ts";
import { BookingPage } from "#client/features/appointments/booking-page.tsx";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireServiceCatalogue } from "#client/lib/service-catalogue.server.ts";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { appointmentRoute } from "#client/features/appointments/appointment-route.ts";

export const middleware = [requireAsset("APPSCHED")];

const route = appointmentRoute("appointments.title", "appointments.lead");
export const handle = route.handle;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;

const variantOf =
  ({ url, context }: Pick<Route.LoaderArgs, "url" | "context">) =>
  (access: { config: TenantConfig; services: { locale: Parameters<typeof getServiceVariant>[2] } }) => {
    // The municipality's service cards could not be loaded: 503, not "no such service".
    requireServiceCatalogue(context, access.config);
    return getServiceVariant(
      access.config.dettagli,
      url.searchParams.get("servizio"),
      access.services.locale,
    );
  };

export async function loader(args: Route.LoaderArgs) {
  return loadBooking(args, variantOf(args));
}

export async function action(args: Route.ActionArgs) {
  return handleBookingAction(args, variantOf(args));
}

export default function BookingFromService({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} actionData={actionData} />;
}
