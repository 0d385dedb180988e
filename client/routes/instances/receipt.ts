import type { Route } from "./+types/receipt";
import { requireAsset } from "#client/lib/require-asset.ts";
import { instanceReceipt } from "#client/features/instances/instance-actions.server.ts";

export const middleware = [requireAsset("MOON")];

/** Resource route: "Ricevuta richiesta", the receipt PDF of one of the citizen's instances (MOON). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return instanceReceipt(context, params.codice);
}
