import type { Route } from "./+types/edit-by-link";
import { requireAsset } from "#client/lib/require-asset.ts";
import { pageTitle } from "#client/lib/titles.ts";
import { handleEditAction, loadEdit } from "#client/features/appointments/edit.server.ts";
import { EditPage } from "#client/features/appointments/edit-page.tsx";
import { AppointmentErrorBoundary, getErrorTitle } from "#client/features/appointments/appointment-error.tsx";
import { texts } from "#client/features/appointments/texts.ts";

export const middleware = [requireAsset("APPSCHED")];

export const handle = { title: texts.editFlow.title };

export async function loader(args: Route.LoaderArgs) {
  return loadEdit(args, "hash");
}

export async function action(args: Route.ActionArgs) {
  return handleEditAction(args, "hash");
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageTitle(matches, getErrorTitle(error) ?? texts.editFlow.title);

export default function EditByLink({ loaderData, actionData }: Route.ComponentProps) {
  return <EditPage data={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = AppointmentErrorBoundary;
