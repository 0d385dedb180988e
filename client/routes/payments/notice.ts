import type { Route } from "./+types/notice";
import { requireAsset } from "#client/lib/require-asset.ts";
import { loadPaymentFile } from "#client/features/payments/payment-file.server.ts";

export const middleware = [requireAsset("PPAY")];

/** Resource route: the payment notice PDF of one of the citizen's debt positions, as a download. */
export async function loader(args: Route.LoaderArgs) {
  return loadPaymentFile(args, "notice");
}
