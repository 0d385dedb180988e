import express from "express";
import type { Response } from "express";
import { faultGate } from "../faults.ts";
import { sendError, sendRawString } from "../http.ts";
import { getLocals, type SandboxStore } from "../types.ts";

function listOf(store: SandboxStore, res: Response): number[] {
  const { tenant, citizen } = getLocals(res);
  const byCitizen = (store.state.favourites[tenant.id] ??= {});
  return (byCitizen[citizen!.codFisc.toUpperCase()] ??= []);
}

function serviceId(res: Response, raw: string): number | null {
  if (!/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  // Unlike the BFF (which stores any number), the sandbox accepts only the municipality's own services.
  return getLocals(res).tenant.content.servizi.some((s) => Number(s.id) === id) ? id : null;
}

/**
 * Favourite services of the logged-in citizen on this municipality (contract §11): `GET /api/preferenze` → ids,
 * `POST`/`DELETE /api/preferenze/{id}` with the BFF's answers. `/api/*` already requires a citizen. Fault switches
 * (`POST /__sandbox/faults`): `preferenze`, `preferenze-write`.
 */
export function createFavouritesRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  // `preferenze` takes the whole service down; `preferenze-write` only the changes (the list still answers).
  router.use("/api/preferenze", faultGate(store, "preferenze"));
  router.post("/api/preferenze/:id", faultGate(store, "preferenze-write"));
  router.delete("/api/preferenze/:id", faultGate(store, "preferenze-write"));
  router.get("/api/preferenze", (_req, res) => {
    const list = listOf(store, res);
    // The BFF writes the literal "[]" for a citizen who never had a favourite, else the stored list.
    if (list.length === 0) return sendRawString(res, 200, "[]");
    res.json(list);
  });
  router.post("/api/preferenze/:id", (req, res) => {
    const id = serviceId(res, req.params.id);
    if (id === null) return sendError(res, 400, "Servizio non valido");
    const list = listOf(store, res);
    if (list.includes(id)) return sendError(res, 400, "Preferenza già aggiunta");
    list.push(id);
    store.save();
    sendRawString(res, 200, "Preferenza aggiunta con Successo");
  });
  router.delete("/api/preferenze/:id", (req, res) => {
    const list = listOf(store, res);
    const index = /^\d{1,9}$/.test(req.params.id) ? list.indexOf(Number(req.params.id)) : -1;
    if (index < 0) return sendError(res, 400, "Nessuna corrispondenza trovata");
    list.splice(index, 1);
    store.save();
    sendRawString(res, 200, "Preferenza eliminata con successo");
  });
  return router;
}
