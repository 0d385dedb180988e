import type { Route } from "./+types/document-file";
import { requireAsset } from "#client/lib/require-asset.ts";
import { loadDocumentFile } from "#client/features/documents/document-file.server.ts";

export const middleware = [requireAsset("MY_DOCS")];

/** Resource route: the bytes of one of the citizen's documents, as a download. */
export async function loader(args: Route.LoaderArgs) {
  return loadDocumentFile(args);
}
