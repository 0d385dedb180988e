import type { Route } from "./+types/mypay-notice";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { mypayDueNotice } from "#client/features/payments/mypay-due.server.ts";

export const middleware = [requireAsset("MYPAY"), requireCitizen];

/** Resource route: the payment notice PDF of one of the citizen's own MYPAY dues to pay, as a download. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return mypayDueNotice(context, params.iuv);
}
