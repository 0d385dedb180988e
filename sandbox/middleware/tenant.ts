import type { RequestHandler } from "express";
import { sendError } from "../http.ts";
import { playsPublished, sendSpringError } from "../profile.ts";
import { getLocals, type SandboxStore } from "../types.ts";

/**
 * Resolves the municipality like the BFF: the `X-Forwarded-Host` header must equal a tenant host exactly
 * (no lower-casing, no port stripping). An unknown host gets what the spec's BFF answers on that endpoint; the
 * published one's identity filter fails on it (a null municipality) before any resource: 500 on every path.
 */
export function createTenantMiddleware(store: Pick<SandboxStore, "tenants" | "profile">): RequestHandler {
  return (req, res, next) => {
    const host = req.get("x-forwarded-host");
    const tenant = host === undefined ? undefined : store.tenants.find((t) => t.host === host);
    if (tenant) {
      getLocals(res).tenant = tenant;
      return next();
    }
    if (playsPublished(store)) return sendSpringError(req, res, 500);
    if (req.path === "/api-public/configComune/fromtenant") return void res.status(204).end();
    sendError(res, req.path === "/api-public/maintenance" ? 400 : 404, "Comune non presente");
  };
}
