import type { Route } from "./+types/messages";
import { loadMessageList } from "#client/features/messages/list-loader.server.ts";
import { MessagesPage } from "#client/features/messages/messages-page.tsx";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, type RouteHandle } from "#client/lib/titles.ts";

export const middleware = [requireAsset("NOTIFICATIONS")];

export const handle: RouteHandle = { title: "messages.title" };

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMessageList(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageTitle(matches, `${t("personalArea.title")} - ${t("messages.title")}`);
};

/** `/area-personale/messaggi`: the citizen's messages from this municipality, filtered by a GET form. */
export default function Messages({ loaderData }: Route.ComponentProps) {
  const { values, errors, list, today } = loaderData;
  return <MessagesPage values={values} errors={errors} list={list} today={today} />;
}
