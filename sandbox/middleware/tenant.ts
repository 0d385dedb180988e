import type { RequestHandler } from "express";
import { sendError } from "../http.ts";
import { getLocals, type SandboxTenant } from "../types.ts";

/**
 * Resolves the municipality like the BFF: the `X-Forwarded-Host` header must equal a tenant host exactly
 * (no lower-casing, no port stripping). An unknown host gets what the BFF answers on that endpoint.
 */
export function createTenantMiddleware(tenants: readonly SandboxTenant[]): RequestHandler {
  return (req, res, next) => {
    const host = req.get("x-forwarded-host");
    const tenant = host === undefined ? undefined : tenants.find((t) => t.host === host);
    if (tenant) {
      getLocals(res).tenant = tenant;
      return next();
    }
    if (req.path === "/api-public/configComune/fromtenant") return void res.status(204).end();
    sendError(res, req.path === "/api-public/maintenance" ? 400 : 404, "Comune non presente");
  };
}
