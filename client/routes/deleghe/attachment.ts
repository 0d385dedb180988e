import type { Route } from "./+types/attachment";
import { requireAsset } from "#client/lib/require-asset.ts";
import { delegheAttachment } from "#client/features/deleghe/deleghe-data.server.ts";

export const middleware = [requireAsset("DELEGHE")];

/** One attachment of one of the citizen's own delegation requests (another's, or none: 404, no upstream call). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return delegheAttachment(context, params.id, params.slot);
}
