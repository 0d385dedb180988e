import type { Route } from "./+types/sub-services";
import { requireAsset } from "#client/lib/require-asset.ts";
import { loadSubServices } from "#client/features/assistance/request.server.ts";

export const middleware = [requireAsset("ASSISTENZA_CRM")];

/** The "Tipologia problematica" list of one service (`?servizio=`), fetched by the form when JavaScript runs. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSubServices(context, new URL(request.url).searchParams.get("servizio"));
}
