import express from "express";
import { faultGate } from "../faults.ts";
import { sendError } from "../http.ts";
import { requireOwnFiscalCode } from "../middleware/own-fiscal-code.ts";
import { getLocals, type SandboxStore } from "../types.ts";
import {
  applyStatus,
  FilterError,
  parseQuery,
  parseStatusChanges,
  queryMessages,
  softDelete,
} from "./engine.ts";
import type { StoredMessage } from "./types.ts";

/**
 * The Notify message store behind the BFF (`/api/notificatore/messagestore/users/:cf/messages*`, contract §7), for
 * the caller's own fiscal code only (gaps mode: any fiscal code, as the BFF). Fault switch: `messages` = "down" → 503.
 */
export function createMessagesRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  const base = "/api/notificatore/messagestore/users/:cf/messages";
  const inbox = (cf: string): StoredMessage[] => {
    const key = cf.toUpperCase();
    return (store.state.messages[key] ??= []);
  };
  router.use("/api/notificatore/messagestore", faultGate(store, "messages"), (_req, res, next) => {
    if (getLocals(res).tenant.assets.some((asset) => asset.codice === "NOTIFICATIONS")) return next();
    sendError(res, 404, "Servizio non disponibile");
  });

  router.get(base, requireOwnFiscalCode("cf", store), (req, res) => {
    let page;
    try {
      page = queryMessages(inbox(String(req.params.cf)), parseQuery(req.query));
    } catch (error) {
      if (error instanceof FilterError) return sendError(res, 400, "Richiesta non valida", [error.message]);
      throw error;
    }
    for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, String(value));
    res.json(page.messages);
  });

  router.put(
    `${base}/status`,
    requireOwnFiscalCode("cf", store),
    express.json({ limit: "64kb" }),
    (req, res) => {
      let changes;
      try {
        changes = parseStatusChanges(req.body);
      } catch (error) {
        if (error instanceof FilterError) return sendError(res, 400, "Richiesta non valida", [error.message]);
        throw error;
      }
      const changed = applyStatus(inbox(String(req.params.cf)), changes, new Date());
      store.save();
      res.json(changed);
    },
  );

  router.delete(`${base}/:id`, requireOwnFiscalCode("cf", store), (req, res) => {
    const result = softDelete(inbox(String(req.params.cf)), String(req.params.id));
    if (result === "not-found") return sendError(res, 404, "Messaggio non trovato");
    if (result === "already-deleted") return sendError(res, 400, "Messaggio già eliminato");
    store.save();
    res.json("Message deleted");
  });
  return router;
}
