import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { matches, oneOf, required, text } from "#shared/validation/rules.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getServices } from "#client/lib/services.ts";
import { justDoneHeaders, wasJustDone } from "#client/lib/just-done.server.ts";
import { personalServices, SERVICES_QUERY_MAX, type PersonalService } from "./favourite-services.ts";

export type PersonalServicesData = {
  query: string;
  services: PersonalService[];
  favouriteCount: number;
  /** The favourites could not be read: the list shows every service as not favourite, with a notice. */
  favouritesFailed: boolean;
  /** The favourite just added or removed (`?preferito=aggiunto|rimosso&servizio=`), said at its card (issue #40). */
  toggled: { id: string; added: boolean } | null;
};

/** The toggle just done, from the query the action redirected to, when this browser did it (issue #40). */
function toggledOf(context: Readonly<RouterContextProvider>, url: URL): PersonalServicesData["toggled"] {
  const done = url.searchParams.get("preferito");
  const id = url.searchParams.get("servizio") ?? "";
  if ((done !== "aggiunto" && done !== "rimosso") || !/^\d{1,9}$/.test(id)) return null;
  if (!wasJustDone(context, "favourite", `${done}:${id}`)) return null;
  return { id, added: done === "aggiunto" };
}

function searchOf(url: URL): string {
  return (url.searchParams.get("q") ?? "").trim().slice(0, SERVICES_QUERY_MAX);
}

/** The services tab: the municipality's services (configuration) matching `?q=`, the citizen's favourites first. */
export async function loadPersonalServices(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<PersonalServicesData> {
  const services = getServices(context);
  const query = searchOf(url);
  const [config, favourites] = await Promise.all([
    services.api.getTenantConfig(),
    services.api.favourites.list().catch((error: unknown) => {
      if (isUpstreamFailure(error, 401)) throw error;
      const status = isUpstreamFailure(error) ? error.data.status : undefined;
      services.log.warn({ upstream: "preferenze", status }, "favourites unavailable");
      return null;
    }),
  ]);
  const list = personalServices(config.servizi, favourites ?? [], query);
  return {
    query,
    services: list,
    favouriteCount: list.filter((s) => s.favourite).length,
    favouritesFailed: favourites === null,
    toggled: toggledOf(context, url),
  };
}

export const FavouriteToggleSchema = z.object({
  serviceId: text(required(), matches(/^\d{1,9}$/)),
  intent: oneOf(["add", "remove"]),
});

/**
 * The favourite toggle: `POST|DELETE /api/preferenze/{id}`, then back to the list with the same search (Post/
 * Redirect/Get), at the service's card. The upstream's 400 ("Preferenza già aggiunta", "Nessuna corrispondenza
 * trovata", e.g. a form sent twice) means the favourite is already as asked: also a success. Any other failure
 * answers the page with "Non è stato possibile modificare i preferiti".
 */
export async function toggleFavourite(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const back = (query: Record<string, string>, fragment?: string) =>
    withQuery(href("/area-personale/servizi"), { q: searchOf(url), ...query }, fragment);
  const parsed = await parseForm(request, context, FavouriteToggleSchema);
  if (!parsed.ok) return data({ toggleFailed: true as const }, { status: 400 });
  const { serviceId, intent } = parsed.values;
  const id = Number(serviceId);
  const { api, log } = getServices(context);
  try {
    await (intent === "add" ? api.favourites.add(id) : api.favourites.remove(id));
  } catch (error) {
    if (isUpstreamFailure(error, 401)) throw error;
    if (!isUpstreamFailure(error, 400)) {
      const status = isUpstreamFailure(error) ? error.data.status : undefined;
      log.warn({ upstream: "preferenze", status }, "favourite toggle failed");
      return data({ toggleFailed: true as const }, { status: status && status >= 500 ? status : 502 });
    }
  }
  const done = { preferito: intent === "add" ? "aggiunto" : "rimosso", servizio: serviceId };
  throw redirect(back(done, `servizio-${serviceId}`), {
    headers: justDoneHeaders(getServices(context).flow, "favourite", `${done.preferito}:${serviceId}`),
  });
}
