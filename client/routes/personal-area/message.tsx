import { upstreamFailureWording } from "#client/components/error-page/error-page.tsx";
import { useRouteError } from "react-router";
import type { Route } from "./+types/message";
import { deleteMessage, loadMessage, openMessage } from "#client/features/messages/open-message.server.ts";
import { MessageError } from "#client/features/messages/message-error.tsx";
import { MessagePage } from "#client/features/messages/message-page.tsx";
import { readRouteError } from "#shared/route-error.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { messagesIt } from "#client/features/messages/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const middleware = [requireAsset("NOTIFICATIONS"), openMessage];

export const handle = routeHandle("messages.messageTitle", messagesIt);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadMessage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteMessage(request, context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  const t = metaT(matches, messagesIt, personalAreaIt);
  const failure = upstreamFailureWording(error);
  const title =
    loaderData?.message.title ??
    (failure ? t(failure.titleKey) : readRouteError(error)?.title) ??
    t("messages.messageTitle");
  return pageTitle(matches, [title, t("personalArea.title")]);
};

/** `/area-personale/messaggi/:id`: one message; opening it from the portal marks it read (a cross-site link does not), "Elimina" asks before deleting. */
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
