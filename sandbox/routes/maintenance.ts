import express from "express";
import { hasMaintenanceCredential } from "../middleware/maintenance-gate.ts";
import { sendRawString } from "../http.ts";
import { getLocals } from "../types.ts";

/**
 * `POST /api-public/maintenance` checks the HTTP Basic credential against the tenant's maintenance credential.
 * A tenant without one (not in maintenance) answers 403 to everybody.
 */
export function createMaintenanceRouter(): express.Router {
  const router = express.Router();
  router.post("/api-public/maintenance", (req, res) => {
    // As the BFF: raw strings labelled JSON, the refusal too (not an ErrorDto).
    if (hasMaintenanceCredential(req, getLocals(res).tenant))
      return sendRawString(res, 200, "utente autorizzato");
    sendRawString(res, 403, "Utente non autorizzato");
  });
  return router;
}
