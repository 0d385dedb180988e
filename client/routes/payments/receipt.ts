import type { Route } from "./+types/receipt";
import { requireAsset } from "#client/lib/require-asset.ts";
import { loadPaymentFile } from "#client/features/payments/payment-file.server.ts";

export const middleware = [requireAsset("PPAY")];

/** Resource route: the receipt PDF of one of the citizen's paid debt positions, as a download. */
export async function loader(args: Route.LoaderArgs) {
  return loadPaymentFile(args, "receipt");
}
