import { redirect, type MiddlewareFunction } from "react-router";
import { getServices } from "./services.ts";
import { paths } from "./paths.ts";

/**
 * Root middleware: while the municipality is in maintenance and the browser holds no credential, every page but the
 * gate redirects to the gate (so no loader calls the upstream with a missing credential).
 */
export const maintenanceGate: MiddlewareFunction<Response> = async ({ context, url }, next) => {
  const services = getServices(context);
  const path = url.pathname;
  if (path === paths.maintenance || services.maintenance.held) return next();
  const { comune } = await services.api.getTenantConfig();
  if (!comune.maintenance) return next();
  const back = `${path}${url.search}`;
  throw redirect(
    back === "/" ? paths.maintenance : `${paths.maintenance}?redirectTo=${encodeURIComponent(back)}`,
  );
};
