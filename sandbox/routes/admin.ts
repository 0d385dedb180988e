import express from "express";
import { sendError } from "../http.ts";
import { citizenSliceResets } from "../citizen-slices.ts";
import { seedState } from "../store.ts";
import type { SandboxStore } from "../types.ts";

/** Sandbox-only controls under `/__sandbox` (the portal never proxies this prefix). */
export function createAdminRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.get("/health", (_req, res) => void res.json({ status: "ok" }));
  router.post("/reset", (_req, res) => {
    store.reset();
    res.json({ status: "reset" });
  });
  // One citizen back to its seed (see citizen-slices.ts); sessions and other citizens are untouched.
  router.post("/citizens/:cf/reset", (req, res) => {
    const codFisc = req.params.cf.toUpperCase();
    const seed = seedState();
    if (!seed.citizens[codFisc]) return sendError(res, 404, "Cittadino non trovato");
    for (const reset of citizenSliceResets) reset(store.state, seed, codFisc);
    store.save();
    res.json({ status: "reset", codFisc });
  });
  router.get("/feedback", (req, res) => {
    const comune = typeof req.query.comune === "string" ? req.query.comune : undefined;
    res.json(store.state.feedback.filter((f) => !comune || f.comune === comune));
  });
  router.get("/faults", (_req, res) => void res.json(store.state.faults));
  // Body `{"kb": "down"}` sets a switch, `{"kb": null}` clears it; reset clears them all.
  router.post("/faults", express.json({ limit: "10kb" }), (req, res) => {
    const body: unknown = req.body;
    if (!body || typeof body !== "object" || Array.isArray(body))
      return sendError(res, 400, "Richiesta non valida");
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === "string" && value !== "") store.state.faults[name] = value;
      else delete store.state.faults[name];
    }
    store.save();
    res.json(store.state.faults);
  });
  return router;
}
