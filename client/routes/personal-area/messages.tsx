import type { Route } from "./+types/messages";
import { loadMessageList } from "#client/features/messages/list-loader.server.ts";
import { MessagesPage } from "#client/features/messages/messages-page.tsx";
import { filteredPage } from "#client/lib/filtered-page.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { messagesIt } from "#client/features/messages/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const middleware = [requireAsset("NOTIFICATIONS")];

export const handle = routeHandle("messages.title", messagesIt);

export async function loader({ request, context }: Route.LoaderArgs) {
  return filteredPage(await loadMessageList(request, context));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, messagesIt, personalAreaIt);
  return pageTitle(matches, [t("messages.title"), t("personalArea.title")]);
};

/** `/area-personale/messaggi`: the citizen's messages from this municipality, filtered by a GET form. */
export default function Messages({ loaderData }: Route.ComponentProps) {
  const { values, errors, list, today } = loaderData;
  return <MessagesPage values={values} errors={errors} list={list} today={today} />;
}
