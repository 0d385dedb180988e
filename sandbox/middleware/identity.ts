import type { Request, RequestHandler } from "express";
import { citizenFromSession } from "../session.ts";
import { getLocals, type Citizen, type SandboxStore } from "../types.ts";

function header(req: Request, name: string): string | null {
  const value = req.get(name)?.trim();
  return value ? value : null;
}

/** The BFF trusts these headers, injected by the SSO reverse proxy: no fiscal code header means anonymous. */
export function citizenFromHeaders(req: Request): Citizen | null {
  const codFisc = header(req, "shib-identita-codicefiscale");
  if (!codFisc) return null;
  return {
    codFisc: codFisc.toUpperCase(),
    nome: header(req, "shib-identita-nome") ?? "",
    cognome: header(req, "shib-identita-cognome") ?? "",
    email: header(req, "shib-email"),
    phoneNumber: header(req, "shib-mobile-phone"),
  };
}

/** Sets `res.locals.citizen`: from the SSO headers first, else from the sandbox login cookie, else null. */
export function createIdentityMiddleware(store: SandboxStore): RequestHandler {
  return (req, res, next) => {
    getLocals(res).citizen = citizenFromHeaders(req) ?? citizenFromSession(store, req.headers.cookie);
    next();
  };
}
