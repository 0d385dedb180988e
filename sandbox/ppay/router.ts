import express from "express";
import type { Request, Response } from "express";
import { mayActFor, requireOwnOrDelegated } from "../deleghe/acting-for.ts";
import { getLocals, type SandboxStore } from "../types.ts";
import {
  citizenPositions,
  findPosition,
  listPositions,
  deliverLateReceipts,
  noticePdf,
  openCheckout,
  readListQuery,
  receiptPdf,
} from "./positions.ts";
import { CHECKOUT_PATH, portalReturnBase } from "./checkout.ts";
import { isDown } from "../faults.ts";
import { sendRawString } from "../http.ts";
import { isOwnFiscalCode } from "../middleware/own-fiscal-code.ts";
import { playsGaps } from "../gaps.ts";
import { listPaymentTypes } from "./payment-types.ts";
import { checkSpontaneous, createSpontaneousPosition } from "./spontaneous.ts";

/** PPAY's own error body (`Error` of CITFAC-PPAY.yaml). */
function ppayError(res: Response, status: number, code: string, detail: string): void {
  res.status(status).json({ status: String(status), code, detail });
}

const PPAY_POLICY = `<p>Ai sensi del Regolamento (UE) 2016/679 (GDPR), il Comune, in qualità di titolare del trattamento,
informa che i dati personali forniti per il pagamento tramite pagoPA (nome, cognome, codice fiscale, indirizzo e-mail,
importo e causale) sono trattati esclusivamente per la gestione del pagamento e della relativa ricevuta.</p>
<p>I dati sono comunicati alla piattaforma PiemontePay e al circuito pagoPA di PagoPA S.p.A. e sono conservati per il
tempo previsto dalla normativa contabile. Puoi esercitare i diritti previsti dagli articoli 15-22 del GDPR
scrivendo al responsabile della protezione dei dati del Comune.</p>
<p><strong>Ambiente dimostrativo:</strong> nessun pagamento reale viene eseguito.</p>`;

/** Only where the municipality has the PPAY asset (PPAY's own 404 otherwise). */
const hasPpay: express.RequestHandler = (_req, res, next) => {
  if (!getLocals(res).tenant.assets.some((a) => a.codice === "PPAY"))
    return ppayError(res, 404, "BUSINESS_ERROR", "Servizio PPAY non attivo");
  next();
};

/** The position `:iuv` of `cf` (by default the path's `:cf`) in this municipality, or an answer already sent. */
function positionOf(store: SandboxStore, req: Request, res: Response, cf = req.params.cf as string) {
  const iuv = req.params.iuv as string;
  if (!/^\d{17,35}$/.test(iuv)) return void ppayError(res, 400, "VALIDATION_ERROR", "IUV non valido");
  const { tenant } = getLocals(res);
  const found = findPosition(store.state, tenant.id, cf, iuv);
  if (!found) return void ppayError(res, 404, "BUSINESS_ERROR", "Posizione debitoria non trovata");
  return found;
}

/**
 * PPAY debt positions (contract §6) for the logged-in citizen, the PPAY privacy notice, and the payment URL of one
 * position, which opens the sandbox's pagoPA checkout stand-in (`sandbox/ppay/checkout.ts`). A position of another
 * citizen is a 404, a fiscal code other than the caller's a 403 (the real BFF does not check it). Gaps mode plays
 * the BFF: the path's fiscal code is not checked, and a payment URL is opened for any IUV of the municipality (PPAY's
 * `debtpositions/{iuv}/payment` names no citizen).
 */
export function createPpayRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.get("/api-public/policy/ppay", (_req, res) => sendRawString(res, 200, PPAY_POLICY));
  // Receipts held back while the fault switch `pagopa-rt` was "down" arrive at the first PPAY read after it.
  router.use(["/api/ppay", "/api-public/ppay"], (_req, _res, next) => {
    if (!isDown(store, "pagopa-rt")) deliverLateReceipts(store.state);
    next();
  });
  registerCitizenReads(router, store);
  registerPayerReads(router, store);
  registerPayment(router, store);
  registerSpontaneous(router, store);
  return router;
}

/** The citizen's positions, a paid one's receipt and a position's notice (own or a delegator's fiscal code). */
function registerCitizenReads(router: express.Router, store: SandboxStore): void {
  // The citizen's own fiscal code, or a delegator's under a live delegation (issue #28).
  const own = requireOwnOrDelegated(store, "PPAY");

  router.get("/api/ppay/citizens/:cf/debtpositions", hasPpay, own, (req, res) => {
    const query = readListQuery(req.query as Record<string, unknown>);
    if (!query) return ppayError(res, 400, "VALIDATION_ERROR", "Parametri di ricerca non validi");
    const { tenant } = getLocals(res);
    res.json(listPositions(citizenPositions(store.state, tenant.id, req.params.cf as string), query));
  });

  router.get("/api/ppay/citizens/:cf/debtpositions/:iuv/paymentreceipt", hasPpay, own, (req, res) => {
    const found = positionOf(store, req, res);
    if (!found) return;
    if (found.codiceStatoPagamento !== "0" || !found.presenzaQuietanza)
      return ppayError(res, 404, "BUSINESS_ERROR", "Ricevuta non disponibile");
    const { tenant } = getLocals(res);
    res.json({ receipt: receiptPdf(found, tenant.nome, req.params.cf as string).toString("base64") });
  });

  router.get("/api/ppay/citizens/:cf/debtpositions/:iuv/paymentnotice", hasPpay, own, (req, res) => {
    const found = positionOf(store, req, res);
    if (!found) return;
    const { tenant } = getLocals(res);
    res.json({ notice: noticePdf(found, tenant.nome, tenant.id).toString("base64") });
  });
}

/*
 * The payer's reads of ONE position (a BFF extension, see docs/decisions/anonymous-payment-outcome.md): the same
 * PPAY calls as `/api/...`, public, but only for a named IUV: who knows both the payer's tax code and the IUV (the
 * browser that paid) reads that position's state and its receipt, never a list.
 */
function registerPayerReads(router: express.Router, store: SandboxStore): void {
  router.get("/api-public/ppay/citizens/:cf/debtpositions", hasPpay, (req, res) => {
    const iuv = typeof req.query.iuv === "string" ? req.query.iuv : "";
    if (!/^\d{17,35}$/.test(iuv)) return ppayError(res, 400, "VALIDATION_ERROR", "IUV obbligatorio");
    const { tenant } = getLocals(res);
    const found = findPosition(store.state, tenant.id, req.params.cf as string, iuv);
    res.json({
      currentPage: 1,
      totalElements: found ? 1 : 0,
      totPages: 1,
      pageSize: 1,
      debtPositions: found ? [found] : [],
    });
  });
  router.get("/api-public/ppay/citizens/:cf/debtpositions/:iuv/paymentreceipt", hasPpay, (req, res) => {
    const found = positionOf(store, req, res);
    if (!found) return;
    if (found.codiceStatoPagamento !== "0" || !found.presenzaQuietanza)
      return ppayError(res, 404, "BUSINESS_ERROR", "Ricevuta non disponibile");
    const { tenant } = getLocals(res);
    res.json({ receipt: receiptPdf(found, tenant.nome, req.params.cf as string).toString("base64") });
  });
}

/** The payment URL of one position to be paid: a checkout of the pagoPA stand-in. */
function registerPayment(router: express.Router, store: SandboxStore): void {
  router.get("/api/ppay/debtpositions/:iuv/payment", hasPpay, (req, res) => {
    const { tenant, citizen } = getLocals(res);
    if (!citizen) return ppayError(res, 401, "AUTHORIZATION_ERROR", "Accesso non effettuato");
    // PPAY's call names no citizen: the position's holder is the caller, or a delegator of theirs under a live
    // delegation (issue #28); anyone else's is "not found" (gaps mode: any position of the municipality, as the BFF).
    const holder = Object.entries(store.state.ppay.positions[tenant.id] ?? {}).find(([, positions]) =>
      positions.some((p) => p.iuv === req.params.iuv),
    )?.[0];
    const owner = holder && mayActFor(store, res, holder, "PPAY") ? holder : citizen.codFisc;
    const found = positionOf(store, req, res, owner);
    if (!found) return;
    if (found.codiceStatoPagamento !== "1")
      return ppayError(res, 422, "BUSINESS_ERROR", "La posizione debitoria non è pagabile");
    const token = openCheckout(store.state, {
      tenantId: tenant.id,
      codFisc: owner,
      iuv: found.iuv,
      returnBase: portalReturnBase(store, tenant),
    });
    store.save();
    res.json({ paymentUrl: `${req.protocol}://${req.get("host") ?? "127.0.0.1"}${CHECKOUT_PATH}/${token}` });
  });
}

/** Spontaneous payments (public: anonymous visitors too). Fault switches "ppay-types" and "ppay-spontaneous". */
function registerSpontaneous(router: express.Router, store: SandboxStore): void {
  router.get("/api-public/ppay/paymenttypes", hasPpay, (req, res) => {
    if (isDown(store, "ppay-types")) return ppayError(res, 503, "INTERNAL_ERROR", "Servizio non disponibile");
    const page = listPaymentTypes(getLocals(res).tenant.id, req.query as Record<string, unknown>);
    if (!page) return ppayError(res, 400, "VALIDATION_ERROR", "Descrizione troppo corta");
    res.json(page);
  });

  const spontaneousBody = express.json({ limit: "10kb" });

  router.post("/api-public/ppay/paymenttypes/:type/payment", hasPpay, spontaneousBody, (req, res) => {
    if (isDown(store, "ppay-spontaneous"))
      return ppayError(res, 503, "INTERNAL_ERROR", "Servizio non disponibile");
    const { tenant } = getLocals(res);
    const body = req.body as Record<string, unknown> | undefined;
    const taxCode =
      typeof body?.codiceFiscalePartitaIVAPagatore === "string"
        ? body.codiceFiscalePartitaIVAPagatore
        : undefined;
    const checked = checkSpontaneous(tenant.id, req.params.type as string, body, taxCode);
    if (!checked.ok)
      return ppayError(res, checked.problem.status, checked.problem.code, checked.problem.detail);
    const position = createSpontaneousPosition(store.state, tenant.id, checked.type, checked.body);
    const token = openCheckout(store.state, {
      tenantId: tenant.id,
      codFisc: checked.body.codiceFiscalePartitaIVAPagatore!,
      iuv: position.iuv,
      returnBase: portalReturnBase(store, tenant),
    });
    store.save();
    res.status(201).json({
      iuv: position.iuv,
      paymentUrl: `${req.protocol}://${req.get("host") ?? "127.0.0.1"}${CHECKOUT_PATH}/${token}`,
    });
  });

  router.post(
    "/api-public/ppay/citizens/:cf/paymenttypes/:type/debtpositions",
    hasPpay,
    spontaneousBody,
    (req, res) => {
      if (isDown(store, "ppay-spontaneous"))
        return ppayError(res, 503, "INTERNAL_ERROR", "Servizio non disponibile");
      const { tenant, citizen } = getLocals(res);
      const cf = (req.params.cf as string).toUpperCase();
      // Public path: anonymous payers name any tax code (or the placeholder); a logged-in citizen only their own
      // (gaps mode: any, as the BFF).
      if (citizen && !playsGaps(store) && !isOwnFiscalCode(res, cf))
        return ppayError(
          res,
          403,
          "AUTHORIZATION_ERROR",
          "Codice fiscale non coerente con l'utente collegato",
        );
      const checked = checkSpontaneous(tenant.id, req.params.type as string, req.body, cf);
      if (!checked.ok)
        return ppayError(res, checked.problem.status, checked.problem.code, checked.problem.detail);
      const position = createSpontaneousPosition(store.state, tenant.id, checked.type, checked.body);
      store.save();
      res.status(201).json({
        iuv: position.iuv,
        codiceAvviso: position.codiceAvviso,
        pdf: noticePdf(position, tenant.nome, tenant.id).toString("base64"),
      });
    },
  );
}
