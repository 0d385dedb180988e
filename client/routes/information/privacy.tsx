import type { Route } from "./+types/privacy";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { PrivacyPage } from "#client/features/information-pages/legal-pages.tsx";
import { informationMeta } from "#client/features/information-pages/meta.ts";
import { informationIt } from "#client/features/information-pages/texts.ts";
import { getServices } from "#client/lib/services.ts";
import { useRootData } from "#client/lib/root-data.ts";
import { metaT, routeHandle } from "#client/lib/titles.ts";

export const handle = routeHandle("information.privacy.title", informationIt);

export async function loader({ context }: Route.LoaderArgs) {
  const config = await getServices(context).api.getTenantConfig();
  return { paragraphs: config.comune.paginePortale?.privacy ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, informationIt);
  return informationMeta(matches, t(handle.title), (municipality) =>
    t("information.privacy.description", { municipality }),
  );
};

/** `/privacy` (footer `privacy-policy-link`), issue #24. */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { comune } = useRootData();
  return (
    <>
      <PrivacyPage paragraphs={loaderData.paragraphs} municipality={comune.nome} />
      <PageEnd />
    </>
  );
}
