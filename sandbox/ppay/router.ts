import express from "express";
import type { Request, Response } from "express";
import { requireOwnFiscalCode } from "../middleware/own-fiscal-code.ts";
import { getLocals, type SandboxStore } from "../types.ts";
import {
  citizenPositions,
  findPosition,
  listPositions,
  noticePdf,
  openCheckout,
  readListQuery,
  receiptPdf,
} from "./positions.ts";
import { CHECKOUT_PATH, portalReturnBase } from "./checkout.ts";

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

/**
 * PPAY debt positions (contract §6) for the logged-in citizen, the PPAY privacy notice, and the payment URL of one
 * position, which opens the sandbox's pagoPA checkout stand-in (`sandbox/ppay/checkout.ts`). A position of another
 * citizen is a 404, a fiscal code other than the caller's a 403 (the real BFF does not check it).
 */
export function createPpayRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  const hasPpay: express.RequestHandler = (_req, res, next) => {
    if (!getLocals(res).tenant.assets.some((a) => a.codice === "PPAY"))
      return ppayError(res, 404, "BUSINESS_ERROR", "Servizio PPAY non attivo");
    next();
  };
  const own = requireOwnFiscalCode("cf");

  router.get("/api-public/policy/ppay", (_req, res) => void res.json(PPAY_POLICY));

  router.get("/api/ppay/citizens/:cf/debtpositions", hasPpay, own, (req, res) => {
    const query = readListQuery(req.query as Record<string, unknown>);
    if (!query) return ppayError(res, 400, "VALIDATION_ERROR", "Parametri di ricerca non validi");
    const { tenant } = getLocals(res);
    res.json(listPositions(citizenPositions(store.state, tenant.id, req.params.cf as string), query));
  });

  function positionOf(req: Request, res: Response, cf = req.params.cf as string) {
    const iuv = req.params.iuv as string;
    if (!/^\d{17,35}$/.test(iuv)) return void ppayError(res, 400, "VALIDATION_ERROR", "IUV non valido");
    const { tenant } = getLocals(res);
    const found = findPosition(store.state, tenant.id, cf, iuv);
    if (!found) return void ppayError(res, 404, "BUSINESS_ERROR", "Posizione debitoria non trovata");
    return found;
  }

  router.get("/api/ppay/citizens/:cf/debtpositions/:iuv/paymentreceipt", hasPpay, own, (req, res) => {
    const found = positionOf(req, res);
    if (!found) return;
    if (found.codiceStatoPagamento !== "0" || !found.presenzaQuietanza)
      return ppayError(res, 404, "BUSINESS_ERROR", "Ricevuta non disponibile");
    const { tenant } = getLocals(res);
    res.json({ receipt: receiptPdf(found, tenant.nome, req.params.cf as string).toString("base64") });
  });

  router.get("/api/ppay/citizens/:cf/debtpositions/:iuv/paymentnotice", hasPpay, own, (req, res) => {
    const found = positionOf(req, res);
    if (!found) return;
    const { tenant } = getLocals(res);
    res.json({ notice: noticePdf(found, tenant.nome, tenant.id).toString("base64") });
  });

  router.get("/api/ppay/debtpositions/:iuv/payment", hasPpay, (req, res) => {
    const { tenant, citizen } = getLocals(res);
    if (!citizen) return ppayError(res, 401, "AUTHORIZATION_ERROR", "Accesso non effettuato");
    const found = positionOf(req, res, citizen.codFisc);
    if (!found) return;
    if (found.codiceStatoPagamento !== "1")
      return ppayError(res, 422, "BUSINESS_ERROR", "La posizione debitoria non è pagabile");
    const token = openCheckout(store.state, {
      tenantId: tenant.id,
      codFisc: citizen.codFisc,
      iuv: found.iuv,
      returnBase: portalReturnBase(tenant, req.get("x-portal-origin")),
    });
    store.save();
    res.json({ paymentUrl: `${req.protocol}://${req.get("host") ?? "127.0.0.1"}${CHECKOUT_PATH}/${token}` });
  });
  return router;
}
