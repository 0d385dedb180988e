import { useRouteError } from "react-router";
import type { Route } from "./+types/message";
import { deleteMessage, loadMessage, openMessage } from "#client/features/messages/open-message.server.ts";
import { MessageError } from "#client/features/messages/message-error.tsx";
import { MessagePage } from "#client/features/messages/message-page.tsx";
import { readRouteError } from "#shared/route-error.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, type RouteHandle } from "#client/lib/titles.ts";

export const middleware = [requireAsset("NOTIFICATIONS"), openMessage];

export const handle: RouteHandle = { title: "messages.messageTitle" };

export function loader({ request, context }: Route.LoaderArgs) {
  return loadMessage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteMessage(request, context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  const t = metaT(matches);
  const title = loaderData?.message.title ?? readRouteError(error)?.title ?? t("messages.messageTitle");
  return pageTitle(matches, title);
};

/** `/area-personale/messaggi/:id`: one message; opening it marks it read, "Elimina" asks before deleting. */
export default function MessageRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MessagePage
      message={loaderData.message}
      markedRead={loaderData.markedRead}
      confirmDelete={loaderData.confirmDelete}
      deleteError={actionData?.deleteError ?? null}
    />
  );
}

/** Unknown, deleted or another citizen's message (404) and other failures: inside the personal area's layout. */
export function ErrorBoundary() {
  return <MessageError error={useRouteError()} />;
}
