import type { Route } from "./+types/legal-notes";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { LegalNotesPage } from "#client/features/information-pages/legal-pages.tsx";
import { informationMeta } from "#client/features/information-pages/meta.ts";
import { informationIt } from "#client/features/information-pages/texts.ts";
import { getServices } from "#client/lib/services.ts";
import { metaT, routeHandle } from "#client/lib/titles.ts";

export const handle = routeHandle("information.legal.title", informationIt);

export async function loader({ context }: Route.LoaderArgs) {
  const config = await getServices(context).api.getTenantConfig();
  return { notes: config.comune.paginePortale?.noteLegali ?? [] };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, informationIt);
  return informationMeta(matches, t(handle.title), (municipality) =>
    t("information.legal.description", { municipality }),
  );
};

/** `/note-legali` (footer `legal-notes`), issue #24. */
export default function LegalNotes({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <LegalNotesPage notes={loaderData.notes} />
      <PageEnd />
    </>
  );
}
