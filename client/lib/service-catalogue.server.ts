import type { RouterContextProvider } from "react-router";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { routeError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";

/**
 * A page whose content is the municipality's services (the catalogue, a service, a topic, a payment service, a booking
 * from a service): 503 "Servizio non disponibile" while they could not be loaded (`servicesUnavailable`), never "there
 * are none" nor "no such service" (a 404).
 */
export function requireServiceCatalogue(
  context: Readonly<RouterContextProvider>,
  config: TenantConfig,
): void {
  if (config.servicesUnavailable) throw routeError(503, { title: serverT(context)("services.unavailable") });
}
