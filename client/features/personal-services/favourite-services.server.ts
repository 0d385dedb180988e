import type { RouterContextProvider } from "react-router";
import { href } from "#client/lib/links.ts";
import { getServices } from "#client/lib/services.ts";
import { personalServices } from "./favourite-services.ts";

export type FavouriteServiceLink = { id: string; title: string; href: string };

/**
 * The citizen's favourite services (for the desk): the upstream's ids matched with the municipality's services, in
 * the configuration's order, each with the link to its page. Upstream failures are thrown (route errors): the
 * caller decides whether its page survives without them.
 */
export async function loadFavouriteServices(
  context: Readonly<RouterContextProvider>,
): Promise<FavouriteServiceLink[]> {
  const { api } = getServices(context);
  const [config, ids] = await Promise.all([api.getTenantConfig(), api.favourites.list()]);
  return personalServices(config.servizi, ids)
    .filter((s) => s.favourite)
    .map((s) => ({ id: s.id, title: s.title, href: href("/servizi/:id", { id: s.id }) }));
}
