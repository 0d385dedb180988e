import type { Request, RequestHandler } from "express";
import type { Tenant, TenantHolder } from "#config/tenants.ts";
import { sendPlainError } from "./plain-page.ts";

declare module "express-serve-static-core" {
  interface Locals {
    portalTenant: Tenant;
  }
}

const HOST = /^[a-z0-9.-]{1,253}$/i;

/**
 * Picks the municipality from the host name (Express honours X-Forwarded-Host only under `trust proxy`).
 * An unknown host is answered here, with no upstream call. Duplicate or malformed `Host` headers never get here
 * (see host-header.ts). The directory is the holder's current one (a reloaded tenants file counts from the next
 * request); the tenant is resolved once, here, and everything after reads `res.locals.portalTenant`.
 */
/** The municipality of a request whose host name is well formed and listed; `undefined` otherwise. */
export function tenantOfHost(tenants: TenantHolder, req: Request): Tenant | undefined {
  const host = req.hostname;
  return host && HOST.test(host) ? tenants.current().byHost(host) : undefined;
}

export function resolveTenant(tenants: TenantHolder): RequestHandler {
  return (req, res, next) => {
    const host = req.hostname;
    if (!host || !HOST.test(host)) {
      return sendPlainError(req, res, 400, "server.badRequest.title", "server.badHost.message");
    }
    const tenant = tenants.current().byHost(host);
    if (!tenant) {
      return sendPlainError(req, res, 404, "server.unknownTenant.title", "server.unknownTenant.message");
    }
    res.locals.portalTenant = tenant;
    next();
  };
}
