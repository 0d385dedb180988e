import type { Route } from "./+types/mypay-receipt";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { mypayDueReceipt } from "#client/features/payments/mypay-due.server.ts";

export const middleware = [requireAsset("MYPAY"), requireCitizen];

/** Resource route: the receipt PDF of one of the citizen's own paid MYPAY dues, as a download (issue #40). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return mypayDueReceipt(context, params.iuv);
}
