import express from "express";
import { sendError } from "../http.ts";
import { requireOwnFiscalCode } from "../middleware/own-fiscal-code.ts";
import { getLocals, type SandboxState, type SandboxStore } from "../types.ts";

/** PPAY's receipt archiving flag, per municipality (`organizations/{tenant}`) and citizen: key "{tenantId}:{CF}". */
export type ReceiptStorageState = Record<string, { flag: boolean; dataUltimaVariazione: string }>;

export function receiptStorageKey(tenantId: string, cf: string): string {
  return `${tenantId}:${cf.toUpperCase()}`;
}

/** Anna archives her receipts on both municipalities; nobody else has ever changed the flag. */
export function seedReceiptStorage(): ReceiptStorageState {
  const since = "2025-02-01T10:00:00.000Z";
  return {
    [receiptStorageKey("comune-a", "SPSNNA75T48F839X")]: { flag: true, dataUltimaVariazione: since },
    [receiptStorageKey("comune-b", "SPSNNA75T48F839X")]: { flag: true, dataUltimaVariazione: since },
  };
}

export function resetReceiptStorage(state: SandboxState, seed: SandboxState, cf: string): void {
  const suffix = `:${cf.toUpperCase()}`;
  for (const key of Object.keys(state.receiptStorage))
    if (key.endsWith(suffix)) delete state.receiptStorage[key];
  for (const [key, value] of Object.entries(seed.receiptStorage)) {
    if (key.endsWith(suffix)) state.receiptStorage[key] = value;
  }
}

/**
 * Only the two receipt-archiving calls of PPAY (`GET/PUT /api/ppay/citizens/:cf`); the rest of PPAY lives
 * elsewhere in `sandbox/ppay/`. Answers 404 on municipalities without the PPAY service.
 */
export function createReceiptStorageRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  const hasPpay: express.RequestHandler = (_req, res, next) => {
    if (!getLocals(res).tenant.assets.some((a) => a.codice === "PPAY"))
      return sendError(res, 404, "Risorsa non trovata");
    next();
  };
  router.get("/api/ppay/citizens/:cf", hasPpay, requireOwnFiscalCode("cf", store), (req, res) => {
    const key = receiptStorageKey(getLocals(res).tenant.id, req.params.cf as string);
    const entry = store.state.receiptStorage[key];
    res.json(entry ?? { flag: false, dataUltimaVariazione: null });
  });
  router.put("/api/ppay/citizens/:cf", hasPpay, requireOwnFiscalCode("cf", store), (req, res) => {
    const value = req.query.enableReceiptStorage;
    if (value !== "true" && value !== "false") {
      return res
        .status(400)
        .json({ status: "400", code: "VALIDATION_ERROR", detail: "enableReceiptStorage" });
    }
    const key = receiptStorageKey(getLocals(res).tenant.id, req.params.cf as string);
    store.state.receiptStorage[key] = {
      flag: value === "true",
      dataUltimaVariazione: new Date().toISOString(),
    };
    store.save();
    res.status(200).end();
  });
  return router;
}
