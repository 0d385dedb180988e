import type { Route } from "./+types/edit";
import { handleEditAction, loadEdit } from "#client/features/appointments/edit.server.ts";
import { EditPage } from "#client/features/appointments/edit-page.tsx";
import { requireAsset } from "#client/lib/require-asset.ts";
import { appointmentRoute } from "#client/features/appointments/appointment-route.ts";

export const middleware = [requireAsset("APPSCHED")];

const route = appointmentRoute("appointments.editFlow.title", "appointments.editFlow.lead");
export const handle = route.handle;
export const meta = route.meta;
export const ErrorBoundary = route.ErrorBoundary;

export async function loader(args: Route.LoaderArgs) {
  return loadEdit(args, "id");
}

export async function action(args: Route.ActionArgs) {
  return handleEditAction(args, "id");
}

export default function Edit({ loaderData, actionData }: Route.ComponentProps) {
  return <EditPage data={loaderData} actionData={actionData} />;
}
