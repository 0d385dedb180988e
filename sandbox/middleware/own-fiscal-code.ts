import type { RequestHandler, Response } from "express";
import { sendError } from "../http.ts";
import { getLocals } from "../types.ts";

/** True when `codFisc` is the logged-in citizen's own fiscal code (case-insensitive). */
export function isOwnFiscalCode(res: Response, codFisc: string | undefined): boolean {
  const citizen = getLocals(res).citizen;
  return Boolean(citizen && codFisc && codFisc.toUpperCase() === citizen.codFisc.toUpperCase());
}

/**
 * Route guard for paths that carry a citizen's fiscal code (`/citizens/:cf/…`): unlike the BFF, the sandbox
 * refuses any fiscal code but the caller's own (401 when anonymous, 403 otherwise).
 */
export function requireOwnFiscalCode(param = "cf"): RequestHandler {
  return (req, res, next) => {
    if (!getLocals(res).citizen) return sendError(res, 401, "Accesso non effettuato");
    if (!isOwnFiscalCode(res, req.params[param] as string | undefined)) {
      return sendError(res, 403, "Codice fiscale non coerente con l'utente collegato");
    }
    next();
  };
}
