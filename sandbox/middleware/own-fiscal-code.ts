import type { RequestHandler, Response } from "express";
import { playsGaps } from "../gaps.ts";
import { sendError } from "../http.ts";
import { getLocals, type SandboxStore } from "../types.ts";

/** True when `codFisc` is the logged-in citizen's own fiscal code (case-insensitive). */
export function isOwnFiscalCode(res: Response, codFisc: string | undefined): boolean {
  const citizen = getLocals(res).citizen;
  return Boolean(citizen && codFisc && codFisc.toUpperCase() === citizen.codFisc.toUpperCase());
}

/**
 * Route guard for paths that carry a citizen's fiscal code (`/citizens/:cf/…`): unlike the BFF, the sandbox
 * refuses any fiscal code but the caller's own (401 when anonymous, 403 otherwise). In gaps mode it lets another
 * citizen's fiscal code through, as the BFF does (contract §1): the handler then acts on the path's citizen.
 */
export function requireOwnFiscalCode(param = "cf", store: Pick<SandboxStore, "gaps"> = {}): RequestHandler {
  return (req, res, next) => {
    if (!getLocals(res).citizen) return sendError(res, 401, "Accesso non effettuato");
    if (!playsGaps(store) && !isOwnFiscalCode(res, req.params[param] as string | undefined)) {
      return sendError(res, 403, "Codice fiscale non coerente con l'utente collegato");
    }
    next();
  };
}
