import type { Route } from "./+types/payer-receipt";
import { loadPayerReceipt } from "#client/features/payments/outcome.server.ts";

/** Resource route: the receipt of the payment this browser sent to pagoPA (anonymous payers included), a download. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadPayerReceipt(context);
}
