import type { Route } from "./+types/list";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { DelegheList } from "#client/features/deleghe/deleghe-list.tsx";
import { delegheAction, loadDelegheList } from "#client/features/deleghe/deleghe-data.server.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const handle = routeHandle("deleghe.title", delegheIt);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, delegheIt, personalAreaIt);
  return pageTitle(matches, [t("deleghe.title"), t("personalArea.title")]);
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDelegheList(context, new URL(request.url));
}

export async function action({ context, request }: Route.ActionArgs) {
  return delegheAction(context, request);
}

export default function DelegheListPage({ loaderData, actionData }: Route.ComponentProps) {
  return <DelegheList data={loaderData} failed={Boolean(actionData && "failed" in actionData)} />;
}
