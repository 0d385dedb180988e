import type { Route } from "./+types/documents";
import { filteredPage } from "#client/lib/filtered-page.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { DocumentsPage } from "#client/features/documents/documents-page.tsx";
import { loadDocumentsPage } from "#client/features/documents/documents-data.server.ts";
import { documentsIt } from "#client/features/documents/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const middleware = [requireAsset("MY_DOCS")];

export const handle = routeHandle("documents.title", documentsIt);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, documentsIt, personalAreaIt);
  return pageTitle(matches, [t("documents.title"), t("personalArea.title")]);
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return filteredPage(await loadDocumentsPage(context, new URL(request.url)));
}

export default function Documents({ loaderData }: Route.ComponentProps) {
  return <DocumentsPage data={loaderData} />;
}
