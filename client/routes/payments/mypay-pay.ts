import type { Route } from "./+types/mypay-pay";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { payMypayDue } from "#client/features/payments/mypay-due.server.ts";

export const middleware = [requireAsset("MYPAY"), requireCitizen];

/** "Paga ora" of one of the citizen's own MYPAY dues: 303 to the pagoPA checkout. */
export async function action({ context, params, request }: Route.ActionArgs) {
  return payMypayDue(context, request, params.iuv);
}
