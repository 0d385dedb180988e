import express from "express";
import { hasMaintenanceCredential } from "../middleware/maintenance-gate.ts";
import { getLocals } from "../types.ts";

/**
 * `POST /api-public/maintenance` checks the HTTP Basic credential against the tenant's maintenance credential.
 * A tenant without one (not in maintenance) answers 403 to everybody.
 */
export function createMaintenanceRouter(): express.Router {
  const router = express.Router();
  router.post("/api-public/maintenance", (req, res) => {
    if (hasMaintenanceCredential(req, getLocals(res).tenant))
      return void res.type("text/plain").send("utente autorizzato");
    res.status(403).type("text/plain").send("Utente non autorizzato");
  });
  return router;
}
