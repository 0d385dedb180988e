import type { RouterContextProvider } from "react-router";
import type { Utente } from "#shared/api/user.ts";
import { normalizeFiscalCode } from "#shared/validation/fiscal-code.ts";
import { carriedOwnerTags, clearEveryFlow } from "./flow.server.ts";
import { unregisterPushToken } from "./push-registration.server.ts";
import { getServices } from "./services.ts";
import { purgeOwner } from "./transient-store.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * Whether this browser holds anything of the portal's that a logout clears: a flow, the acting-for choice, the
 * browser's id.
 */
export function holdsPortalState(context: Context): boolean {
  const { flow, actingFor } = getServices(context);
  return flow.carried().length > 0 || actingFor.read() !== undefined || flow.browser().setCookie === null;
}

/**
 * What a logout leaves of a citizen in this browser and in the portal (issue #36): nothing. While the session still
 * names the citizen, this browser's push token leaves their contacts; the files and pending requests kept for them
 * (and for the owners of the flow cookies the browser carries, should their session have ended before) are deleted
 * from the shared store; the answer's headers clear every flow, the acting-for choice and the browser's id. A store
 * or upstream that fails is logged: the logout goes on.
 */
export async function leaveBrowser(context: Context, citizen: Utente | null): Promise<Headers> {
  const services = getServices(context);
  if (citizen) await unregisterPushToken(context, citizen.codFisc);
  const owners = new Set(carriedOwnerTags(services.flow).filter((tag) => tag.startsWith("c:")));
  if (citizen) owners.add(`c:${normalizeFiscalCode(citizen.codFisc)}`);
  for (const owner of owners) {
    await purgeOwner(owner).catch((error: unknown) =>
      services.log.warn({ err: error }, "logout: the citizen's stored files could not be deleted"),
    );
  }
  const headers = clearEveryFlow(services.flow);
  if (services.actingFor.read() !== undefined) headers.append("Set-Cookie", services.actingFor.clear());
  return headers;
}
