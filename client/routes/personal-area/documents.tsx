import type { Route } from "./+types/documents";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, type RouteHandle } from "#client/lib/titles.ts";
import { DocumentsPage } from "#client/features/documents/documents-page.tsx";
import { loadDocumentsPage } from "#client/features/documents/documents-data.server.ts";

export const middleware = [requireAsset("MY_DOCS")];

export const handle: RouteHandle = { title: "documents.title" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageTitle(matches, `${t("documents.title")} - ${t("personalArea.title")}`);
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDocumentsPage(context, new URL(request.url));
}

export default function Documents({ loaderData }: Route.ComponentProps) {
  return <DocumentsPage data={loaderData} />;
}
