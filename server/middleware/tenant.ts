import type { RequestHandler } from "express";
import type { Tenant, TenantDirectory } from "#config/tenants.ts";
import { plainPage, wantsJson } from "./plain-page.ts";

declare module "express-serve-static-core" {
  interface Locals {
    portalTenant: Tenant;
  }
}

const HOST = /^[a-z0-9.-]{1,253}$/i;

/**
 * Picks the municipality from the host name (Express honours X-Forwarded-Host only under `trust proxy`).
 * An unknown host is answered here, with no upstream call.
 */
export function resolveTenant(directory: TenantDirectory): RequestHandler {
  return (req, res, next) => {
    const host = req.hostname;
    if (!host || !HOST.test(host)) {
      const title = "Richiesta non valida";
      const message = "L'indirizzo del sito richiesto non è valido.";
      res.status(400);
      if (wantsJson(req)) res.json({ status: 400, title: message, details: [] });
      else res.type("html").send(plainPage(title, message));
      return;
    }
    const tenant = directory.byHost(host);
    if (!tenant) {
      const title = "Comune non trovato";
      const message =
        "Questo indirizzo non corrisponde a nessun Comune servito dal portale. Controlla l'indirizzo digitato.";
      res.status(404);
      if (wantsJson(req)) res.json({ status: 404, title: message, details: [] });
      else res.type("html").send(plainPage(title, message));
      return;
    }
    res.locals.portalTenant = tenant;
    next();
  };
}
