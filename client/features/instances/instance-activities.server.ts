import type { RouterContextProvider } from "react-router";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { href } from "#client/lib/links.ts";
import { getServices } from "#client/lib/services.ts";
import { moonAccessHref } from "#client/lib/upstream-links.ts";
import { toInstanceView, type InstanceActivities, type InstancesQuery } from "./instance-view.ts";

/** How many instances a filtered list reads (the module has no status filter: the portal filters them). */
const FILTER_SCAN = 100;

/** The front office link of one instance (back to Attività), or null when the configuration names no front office. */
export function frontOfficeLinks(config: TenantConfig, origin: string) {
  const baseUrl = config.comune.urlModuli;
  const backUrl = `${origin}${href("/area-personale/attivita")}`;
  return (codiceIstanza: string) =>
    baseUrl
      ? moonAccessHref({ baseUrl, codiceEnte: config.comune.codiceEnte, backUrl, codiceIstanza })
      : null;
}

/**
 * The citizen's instances on this municipality for "Pratiche" (newest first, the first `pratiche` of them, drafts or
 * sent ones only when filtered). An upstream failure is `failed`, so the rest of the page renders.
 */
export async function loadInstanceActivities(
  context: Readonly<RouterContextProvider>,
  config: TenantConfig,
  origin: string,
  query: InstancesQuery,
): Promise<InstanceActivities> {
  const services = getServices(context);
  const links = frontOfficeLinks(config, origin);
  try {
    const codiceEnte = config.comune.codiceEnte;
    if (query.stato === "tutte") {
      const page = await services.api.moon.instances({ limit: query.pratiche, offset: 0, codiceEnte });
      return {
        status: "ok",
        items: page.items.slice(0, query.pratiche).map((i) => toInstanceView(i, links)),
        total: page.totalElements,
      };
    }
    const page = await services.api.moon.instances({ limit: FILTER_SCAN, offset: 0, codiceEnte });
    const wanted = page.items.filter((i) => (i.stato.codice === "BOZZA") === (query.stato === "bozze"));
    return {
      status: "ok",
      items: wanted.slice(0, query.pratiche).map((i) => toInstanceView(i, links)),
      total: wanted.length,
    };
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    services.log.warn({ upstream: "moon", status: error.data.status }, "instances not loaded");
    return { status: "failed" };
  }
}
