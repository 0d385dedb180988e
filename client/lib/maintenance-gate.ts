import { redirect, type MiddlewareFunction } from "react-router";
import { getServices } from "./services.ts";
import { href, withQuery } from "./links.ts";

/**
 * Root middleware: while the municipality is in maintenance and the browser holds no credential, every page but the
 * gate redirects to the gate (so no loader calls the upstream with a missing credential).
 */
export const maintenanceGate: MiddlewareFunction<Response> = async ({ context, url }, next) => {
  const services = getServices(context);
  const path = url.pathname;
  if (path === href("/manutenzione") || services.maintenance.held) return next();
  const { comune } = await services.api.getTenantConfig();
  if (!comune.maintenance) return next();
  const back = `${path}${url.search}`;
  throw redirect(withQuery(href("/manutenzione"), { redirectTo: back === "/" ? null : back }));
};
