import type { Route } from "./+types/topics";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { informationMeta } from "#client/features/information-pages/meta.ts";
import { informationIt } from "#client/features/information-pages/texts.ts";
import { buildTopics } from "#client/features/information-pages/topics-model.ts";
import { TopicsPage } from "#client/features/information-pages/topics-page.tsx";
import { getServices } from "#client/lib/services.ts";
import { metaT, routeHandle } from "#client/lib/titles.ts";

export const handle = routeHandle("information.topics.title", informationIt);

export async function loader({ context }: Route.LoaderArgs) {
  const config = await getServices(context).api.getTenantConfig();
  return { topics: buildTopics(config) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, informationIt);
  return informationMeta(matches, t(handle.title), (municipality) =>
    t("information.topics.description", { municipality }),
  );
};

/** `/argomenti` ("Tutti gli argomenti", `all-topics`), issue #24. */
export default function Topics({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <TopicsPage topics={loaderData.topics} />
      <PageEnd />
    </>
  );
}
