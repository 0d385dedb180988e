import type { Route } from "./+types/receipt";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { loadReceipt } from "#client/features/disruption/receipt.server.ts";

export const middleware = [requireAsset("DISSERVIZIO_CRM"), requireCitizen];

/** Resource route: the receipt PDF of one of the citizen's disruption reports, as a download. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadReceipt(context, params.id);
}
