import express from "express";
import type { Request, Response } from "express";
import { faultGate } from "../faults.ts";
import { sendError } from "../http.ts";
import { requireOwnFiscalCode } from "../middleware/own-fiscal-code.ts";
import { CHECKOUT_PATH, portalReturnBase, registerCheckoutEngine } from "../ppay/checkout.ts";
import { getLocals, type SandboxStore } from "../types.ts";
import {
  citizenDues,
  createDue,
  findDue,
  markDuePaid,
  mypayNoticePdf,
  mypayReceiptPdf,
  newCheckoutToken,
  type MypayDovuto,
  type NewDue,
} from "./state.ts";

// The pagoPA checkout stand-in pays MYPAY dues too (a due is found by municipality and IUV).
registerCheckoutEngine("mypay", {
  find(state, c) {
    const due = findDue(state, c.tenantId, c.iuv);
    return due
      ? { iuv: due.iuv, descrizione: due.causale, codiceAvviso: due.codiceAvviso, importo: due.importo }
      : null;
  },
  pay(state, c) {
    const due = findDue(state, c.tenantId, c.iuv);
    if (due) markDuePaid(due);
  },
});

/** A position as `GET /api/mypay/posizioni/{cf}` and `verificaAvviso` answer it (our definition, see state.ts). */
function positionBody(due: MypayDovuto, descrizioneTipo: string | null) {
  return {
    codiceAvviso: due.codiceAvviso,
    iuv: due.iuv,
    codTipo: due.codTipo,
    descrizioneTipo,
    importo: due.importo,
    stato: due.stato,
    causale: due.causale,
    dataScadenza: due.dataScadenza,
    dataPagamento: due.dataPagamento,
    creatoDa: due.creatoDa,
  };
}

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const TAX_CODE = /^([A-Z0-9]{16}|\d{11}|ANONIMO)$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks the body of both POSTs: a list of problems (empty when valid). */
function readNewDue(body: unknown): { due: NewDue } | { problems: string[] } {
  const b = (body ?? {}) as Record<string, unknown>;
  const p = (b.pagatore ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  if (!str(b.codTipo)) problems.push("codTipo obbligatorio");
  if (typeof b.importo !== "number" || !(b.importo > 0) || !AMOUNT.test(String(b.importo)))
    problems.push("importo non valido");
  if (b.causale !== undefined && typeof b.causale !== "string") problems.push("causale non valida");
  if (p.tipo !== "F" && p.tipo !== "G") problems.push("pagatore.tipo non valido");
  if (!TAX_CODE.test(str(p.codiceIdentificativo))) problems.push("pagatore.codiceIdentificativo non valido");
  if (!str(p.anagrafica)) problems.push("pagatore.anagrafica obbligatoria");
  if (!EMAIL.test(str(p.email))) problems.push("pagatore.email non valida");
  if (problems.length) return { problems };
  return {
    due: {
      codTipo: str(b.codTipo),
      importo: b.importo as number,
      causale: str(b.causale),
      pagatore: {
        tipo: p.tipo as "F" | "G",
        codiceIdentificativo: str(p.codiceIdentificativo),
        anagrafica: str(p.anagrafica),
        email: str(p.email),
      },
    },
  };
}

/** The checkout of `due` (the same token while one is open for its IUV): where the browser pays it. */
function openCheckout(store: SandboxStore, req: Request, res: Response, due: MypayDovuto): string {
  const { tenant } = getLocals(res);
  const existing = Object.entries(store.state.ppay.checkouts).find(
    ([, c]) => c.engine === "mypay" && c.tenantId === tenant.id && c.iuv === due.iuv,
  );
  const token = existing?.[0] ?? newCheckoutToken();
  store.state.ppay.checkouts[token] = {
    engine: "mypay",
    tenantId: tenant.id,
    codFisc: due.pagatore.codiceIdentificativo,
    iuv: due.iuv,
    returnBase: portalReturnBase(store, tenant),
  };
  store.save();
  return `${req.protocol}://${req.get("host") ?? "127.0.0.1"}${CHECKOUT_PATH}/${token}`;
}

function typesOf(store: SandboxStore, res: Response) {
  return store.state.mypay.tipologie[getLocals(res).tenant.id] ?? [];
}

function typeName(store: SandboxStore, res: Response, codTipo: string) {
  return typesOf(store, res).find((t) => t.codTipo === codTipo)?.descrizione ?? null;
}

/** One of the citizen's own dues (payer = the path's fiscal code, the caller's own), or a 404 already sent. */
function ownDue(store: SandboxStore, req: Request, res: Response) {
  const iuv = req.params.iuv as string;
  if (!/^\d{17}$/.test(iuv)) return void sendError(res, 400, "IUV non valido");
  const due = citizenDues(store.state, getLocals(res).tenant.id, req.params.cf as string).find(
    (d) => d.iuv === iuv,
  );
  if (!due) return void sendError(res, 404, "Dovuto non trovato");
  return due;
}

/** A new due of a spontaneous type: paid at once (a checkout), or deferred (its notice). */
function createDueHandler(store: SandboxStore, immediato: boolean) {
  return (req: Request, res: Response) => {
    const parsed = readNewDue(req.body);
    if ("problems" in parsed) return sendError(res, 400, "Dati del dovuto non validi", parsed.problems);
    const type = typesOf(store, res).find((t) => t.codTipo === parsed.due.codTipo);
    if (!type || !type.spontaneo) return sendError(res, 422, "Tipologia di pagamento non disponibile");
    if (type.importoMassimo !== undefined && parsed.due.importo > type.importoMassimo)
      return sendError(res, 422, "Importo superiore al massimo della tipologia");
    if (type.noteObbligatorie && !parsed.due.causale)
      return sendError(res, 400, "Dati del dovuto non validi", ["causale obbligatoria per la tipologia"]);
    const { tenant } = getLocals(res);
    const due = createDue(store.state, tenant.id, parsed.due, { immediato });
    if (immediato) {
      const urlPagamento = openCheckout(store, req, res, due);
      return void res.status(201).json({ iuv: due.iuv, urlPagamento });
    }
    store.save();
    res.status(201).json({
      iuv: due.iuv,
      codiceAvviso: due.codiceAvviso,
      avvisoPdf: mypayNoticePdf(due, tenant.nome, tenant.id).toString("base64"),
    });
  };
}

/**
 * MYPAY (contract §6, "[REQ]-only": the shapes are ours, see state.ts): payment types, immediate and deferred dues
 * (both honour `Idempotency-Key`), the public notice check, and the citizen's positions (own fiscal code only; gaps mode: any, as the BFF).
 */
export function createMypayRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  // `POST /__sandbox/faults {"mypay": "down"}` makes every MYPAY call answer 503.
  const down = faultGate(store, "mypay");
  const hasMypay: express.RequestHandler[] = [
    down,
    (_req, res, next) => {
      if (!getLocals(res).tenant.assets.some((a) => a.codice === "MYPAY"))
        return sendError(res, 404, "Servizio MYPAY non attivo");
      next();
    },
  ];
  registerPublic(router, store, hasMypay);
  registerPositions(router, store, hasMypay);
  return router;
}

/** Public: the payment types, the new dues, a notice's check and, for the browser that paid it, its receipt. */
function registerPublic(
  router: express.Router,
  store: SandboxStore,
  hasMypay: express.RequestHandler[],
): void {
  router.get("/api-public/mypay/tipologie", ...hasMypay, (req, res) => {
    const search =
      typeof req.query.descrizione === "string" ? req.query.descrizione.trim().toLowerCase() : "";
    res.json({ tipologie: typesOf(store, res).filter((t) => t.descrizione.toLowerCase().includes(search)) });
  });

  const json = express.json({ limit: "10kb" });
  router.post("/api-public/mypay/importaDovutoImmediato", ...hasMypay, json, createDueHandler(store, true));
  router.post("/api-public/mypay/importaDovuto", ...hasMypay, json, createDueHandler(store, false));

  router.get("/api-public/mypay/verificaAvviso/:codiceAvviso", ...hasMypay, (req, res) => {
    const code = req.params.codiceAvviso as string;
    if (!/^3\d{17}$/.test(code)) return sendError(res, 400, "Codice avviso non valido");
    const due = findDue(store.state, getLocals(res).tenant.id, code.slice(1));
    if (!due) return sendError(res, 404, "Avviso non trovato");
    res.json(positionBody(due, typeName(store, res, due.codTipo)));
  });

  // The receipt of a paid due for the browser that paid it (our definition, issue #40), as PPAY's public read of one
  // position: the notice code and the payer's own tax code together, `{ iuv, ricevutaPdf }`; else 404.
  router.get("/api-public/mypay/verificaAvviso/:codiceAvviso/ricevuta", ...hasMypay, (req, res) => {
    const code = req.params.codiceAvviso as string;
    const payer = String(req.query.codiceFiscale ?? "").toUpperCase();
    if (!/^3\d{17}$/.test(code)) return sendError(res, 400, "Codice avviso non valido");
    const due = findDue(store.state, getLocals(res).tenant.id, code.slice(1));
    if (!due || due.pagatore.codiceIdentificativo.toUpperCase() !== payer || due.stato !== "PAGATO")
      return sendError(res, 404, "Ricevuta non trovata");
    const { tenant } = getLocals(res);
    res.json({ iuv: due.iuv, ricevutaPdf: mypayReceiptPdf(due, tenant.nome, tenant.id).toString("base64") });
  });
}

/** The citizen's own positions (the path's fiscal code): the list, and one due's payment, notice and receipt. */
function registerPositions(
  router: express.Router,
  store: SandboxStore,
  hasMypay: express.RequestHandler[],
): void {
  router.get("/api/mypay/posizioni/:cf", ...hasMypay, requireOwnFiscalCode("cf", store), (req, res) => {
    const dues = citizenDues(store.state, getLocals(res).tenant.id, req.params.cf as string);
    res.json({ posizioni: dues.map((d) => positionBody(d, typeName(store, res, d.codTipo))) });
  });

  // Paying an existing due (our definition): a pagoPA checkout of the stand-in, `{ iuv, urlPagamento }`.
  router.post(
    "/api/mypay/posizioni/:cf/:iuv/pagamento",
    ...hasMypay,
    requireOwnFiscalCode("cf", store),
    (req, res) => {
      const due = ownDue(store, req, res);
      if (!due) return;
      if (due.stato !== "DA_PAGARE") return sendError(res, 422, "Il dovuto non è pagabile");
      res.json({ iuv: due.iuv, urlPagamento: openCheckout(store, req, res, due) });
    },
  );

  // The notice of an existing due (our definition): `{ iuv, codiceAvviso, avvisoPdf }`, while it is to be paid.
  router.get(
    "/api/mypay/posizioni/:cf/:iuv/avviso",
    ...hasMypay,
    requireOwnFiscalCode("cf", store),
    (req, res) => {
      const due = ownDue(store, req, res);
      if (!due) return;
      if (due.stato !== "DA_PAGARE") return sendError(res, 422, "Il dovuto non è più da pagare");
      const { tenant } = getLocals(res);
      res.json({
        iuv: due.iuv,
        codiceAvviso: due.codiceAvviso,
        avvisoPdf: mypayNoticePdf(due, tenant.nome, tenant.id).toString("base64"),
      });
    },
  );
  // The receipt of one of the citizen's paid dues (our definition, issue #40): `{ iuv, ricevutaPdf }`, once paid.
  router.get(
    "/api/mypay/posizioni/:cf/:iuv/ricevuta",
    ...hasMypay,
    requireOwnFiscalCode("cf", store),
    (req, res) => {
      const due = ownDue(store, req, res);
      if (!due) return;
      if (due.stato !== "PAGATO")
        return sendError(res, 404, "Ricevuta non disponibile: il dovuto non è pagato");
      const { tenant } = getLocals(res);
      res.json({
        iuv: due.iuv,
        ricevutaPdf: mypayReceiptPdf(due, tenant.nome, tenant.id).toString("base64"),
      });
    },
  );
}
