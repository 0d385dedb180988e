import type { RequestHandler } from "express";
import { sendError } from "./http.ts";
import type { SandboxStore } from "./types.ts";

/** True when the fault switch `name` is set to "down" (`POST /__sandbox/faults {"<name>": "down"}`). */
export function isDown(store: SandboxStore, name: string): boolean {
  return store.state.faults[name] === "down";
}

/** Answers 503 while the fault switch `name` is "down". */
export function faultGate(store: SandboxStore, name: string): RequestHandler {
  return (_req, res, next) => {
    if (!isDown(store, name)) return next();
    sendError(res, 503, "Servizio temporaneamente non disponibile");
  };
}
