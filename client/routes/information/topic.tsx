import type { Route } from "./+types/topic";
import { routeError } from "#shared/route-error.ts";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { informationMeta } from "#client/features/information-pages/meta.ts";
import { informationIt } from "#client/features/information-pages/texts.ts";
import { buildTopic } from "#client/features/information-pages/topics-model.ts";
import { TopicPage } from "#client/features/information-pages/topics-page.tsx";
import { serverT } from "#client/i18n/server-t.ts";
import { getServices } from "#client/lib/services.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { requireServiceCatalogue } from "#client/lib/service-catalogue.server.ts";

export const handle = routeHandle("information.topics.title", informationIt);

export async function loader({ context, params }: Route.LoaderArgs) {
  const config = await getServices(context).api.getTenantConfig();
  requireServiceCatalogue(context, config);
  const topic = buildTopic(config, params.topic);
  if (!topic) throw routeError(404, { title: serverT(context, informationIt)("information.topic.notFound") });
  return { topic };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaT(matches, informationIt);
  if (!loaderData) return pageTitle(matches, t("information.topic.notFound"));
  const topic = loaderData.topic.nome;
  return informationMeta(matches, topic, (municipality) =>
    t("information.topic.description", { municipality, topic }),
  );
};

/** `/argomenti/:topic`: one topic of the model's vocabulary and its services, issue #24. */
export default function Topic({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <TopicPage topic={loaderData.topic} />
      <PageEnd title={loaderData.topic.nome} />
    </>
  );
}
