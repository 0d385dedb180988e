import type { Route } from "./+types/list";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { DelegheList } from "#client/features/deleghe/deleghe-list.tsx";
import { delegheAction, loadDelegheList } from "#client/features/deleghe/deleghe-data.server.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const handle = routeHandle("deleghe.title", delegheIt);

/** Each list its own title ("Persone che mi hanno delegato - Area personale - …"), not one title for every tab. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaT(matches, delegheIt, personalAreaIt);
  const page = loaderData ? t(`deleghe.list.${loaderData.which}`) : t("deleghe.title");
  return pageTitle(matches, [page, t("personalArea.title")]);
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
