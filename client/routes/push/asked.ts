import type { Route } from "./+types/asked";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { pushAsked } from "#client/lib/push-asked.server.ts";

export const middleware = [requireCitizen];

/**
 * `POST /notifiche-push/chiesto`: the push opt-in tells the portal it has been shown, so no other tab of this browser
 * session asks again (spec §4, issue #40). The XSRF header is checked by the root middleware; 204, nothing else.
 */
export async function action({ context }: Route.ActionArgs) {
  return new Response(null, { status: 204, headers: pushAsked.save(getServices(context).flow, true) });
}
