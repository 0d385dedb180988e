import type { RequestHandler } from "express";
import type { Tenant, TenantDirectory } from "#config/tenants.ts";
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
 * (see host-header.ts).
 */
export function resolveTenant(directory: TenantDirectory): RequestHandler {
  return (req, res, next) => {
    const host = req.hostname;
    if (!host || !HOST.test(host)) {
      return sendPlainError(
        req,
        res,
        400,
        "Richiesta non valida",
        "L'indirizzo del sito richiesto non è valido.",
      );
    }
    const tenant = directory.byHost(host);
    if (!tenant) {
      const message =
        "Questo indirizzo non corrisponde a nessun Comune servito dal portale. Controlla l'indirizzo digitato.";
      return sendPlainError(req, res, 404, "Comune non trovato", message);
    }
    res.locals.portalTenant = tenant;
    next();
  };
}
