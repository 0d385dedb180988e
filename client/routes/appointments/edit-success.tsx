import type { Route } from "./+types/edit-success";
import { requireAsset } from "#client/lib/require-asset.ts";
import { pageTitle } from "#client/lib/titles.ts";
import { loadEditSuccess } from "#client/features/appointments/confirmation.server.ts";
import { ConfirmationPage } from "#client/features/appointments/confirmation-page.tsx";
import { AppointmentErrorBoundary, getErrorTitle } from "#client/features/appointments/appointment-error.tsx";
import { texts } from "#client/features/appointments/texts.ts";

export const middleware = [requireAsset("APPSCHED")];

export const handle = { title: texts.success.editedTitle };

export async function loader(args: Route.LoaderArgs) {
  return loadEditSuccess(args);
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageTitle(matches, getErrorTitle(error) ?? texts.success.editedTitle);

export default function EditSuccess({ loaderData }: Route.ComponentProps) {
  return <ConfirmationPage data={loaderData} />;
}

export const ErrorBoundary = AppointmentErrorBoundary;
