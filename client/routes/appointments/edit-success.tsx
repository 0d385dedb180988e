import type { Route } from "./+types/edit-success";
import { loadEditSuccess } from "#client/features/appointments/confirmation.server.ts";
import { ConfirmationPage } from "#client/features/appointments/confirmation-page.tsx";
import { requireAsset } from "#client/lib/require-asset.ts";
import { appointmentRoute } from "#client/features/appointments/appointment-route.ts";

export const middleware = [requireAsset("APPSCHED")];

const route = appointmentRoute("appointments.success.editedTitle");
export const handle = route.handle;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;

export async function loader(args: Route.LoaderArgs) {
  return loadEditSuccess(args);
}

export default function EditSuccess({ loaderData }: Route.ComponentProps) {
  return <ConfirmationPage data={loaderData} />;
}
