import type { Route } from "./+types/attachment";
import { requireAsset } from "#client/lib/require-asset.ts";
import { loadTicketFile } from "#client/features/tickets/ticket-file.server.ts";

export const middleware = [requireAsset("ASSISTENZA_CRM")];

/** Resource route: one attachment of one of the citizen's tickets, as a download. */
export async function loader(args: Route.LoaderArgs) {
  return loadTicketFile(args);
}
