import express from "express";
import type { Response } from "express";
import { playsGaps } from "../gaps.ts";
import { isDown } from "../faults.ts";
import { sendError } from "../http.ts";
import { pdfDate, writePdf } from "../pdf.ts";
import { getLocals, type SandboxStore } from "../types.ts";
import {
  checkMoonToken,
  issueMoonToken,
  MOON_FORMS,
  newInstanceCode,
  STATUS_TEXT,
  type MoonInstance,
} from "./state.ts";

/** The contract's `Istanza`, as the BFF relays it (contract §9). */
export function toIstanza(instance: MoonInstance) {
  const form = MOON_FORMS[instance.codiceModulo];
  return {
    codiceIstanza: instance.codiceIstanza,
    codiceModulo: instance.codiceModulo,
    created: instance.created,
    modulo: {
      codiceModulo: instance.codiceModulo,
      descrizioneModulo: form?.descrizioneModulo ?? instance.codiceModulo,
    },
    stato: { codice: instance.stato, descrizione: STATUS_TEXT[instance.stato] },
  };
}

function instancesOf(store: SandboxStore, tenantId: string): MoonInstance[] {
  return (store.state.moon.instances[tenantId] ??= []);
}

/** The token's citizen, or an answer already sent. */
function tokenHolder(req: express.Request, res: Response): string | null {
  const { citizen, tenant } = getLocals(res);
  const check = checkMoonToken(req.get("moon-identita-jwt"), tenant.id, citizen?.codFisc ?? null);
  if (check.ok) return check.codFisc;
  if (check.reason === "expired") sendError(res, 403, "ExpiredJWT", ["Il token di identità è scaduto"]);
  else if (check.reason === "other-citizen") sendError(res, 403, "Token di identità di un altro utente");
  else sendError(res, 403, "Token di identità non valido");
  return null;
}

/** The instance `:id` of the token's citizen (any in gaps mode) and the caller, or an answer already sent. */
function instanceById(
  store: SandboxStore,
  req: express.Request,
  res: Response,
): { instance: MoonInstance; caller: string } | null {
  const caller = tokenHolder(req, res);
  if (!caller) return null;
  const found = instancesOf(store, getLocals(res).tenant.id).find((i) => i.codiceIstanza === req.params.id);
  if (!found || (!playsGaps(store) && found.owner !== caller)) {
    sendError(res, 404, "Istanza non trovata");
    return null;
  }
  return { instance: found, caller };
}

/**
 * `/api/moon/*` (contract §9): `moon-identita` issues the short-lived identity token of the SSO citizen; the instance
 * calls need it in `Moon-Identita-JWT` (an expired one → 403 "ExpiredJWT", another citizen's → 403). By id the
 * sandbox answers only the token's own instances, except in gaps mode, where (like the real module reached through
 * the BFF) any instance of the municipality is answered to any valid token.
 */
export function createMoonRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.use("/api/moon", (req, res, next) => {
    if (isDown(store, "moon")) return sendError(res, 503, "Servizio temporaneamente non disponibile");
    if (!getLocals(res).citizen) return sendError(res, 401, "Accesso non effettuato");
    next();
  });

  router.get("/api/moon/moon-identita", (_req, res) => {
    const { citizen, tenant } = getLocals(res);
    res.setHeader("Cache-Control", "no-store");
    res.json({ idMoonToken: issueMoonToken(citizen!.codFisc, tenant.id) });
  });
  registerInstanceReads(router, store);
  registerInstanceChanges(router, store);
  return router;
}

/** The token's instances, a page at a time, and one instance's receipt PDF. */
function registerInstanceReads(router: express.Router, store: SandboxStore): void {
  router.get("/api/moon/istanze-paginate", (req, res) => {
    const owner = tokenHolder(req, res);
    if (!owner) return;
    const { tenant } = getLocals(res);
    const limit = Math.min(Math.max(Number.parseInt(String(req.query.limit ?? "5"), 10) || 5, 1), 100);
    const offset = Math.max(Number.parseInt(String(req.query.offset ?? "0"), 10) || 0, 0);
    const ente = typeof req.query.codice_ente === "string" ? req.query.codice_ente : null;
    if (ente && ente !== tenant.codiceEnte) return res.json({ items: [], totalElements: 0, totalPages: 0 });
    const own = instancesOf(store, tenant.id)
      .filter((i) => i.owner === owner)
      .sort((a, b) => b.created.localeCompare(a.created));
    res.setHeader("Cache-Control", "no-store");
    res.json({
      items: own.slice(offset, offset + limit).map(toIstanza),
      totalElements: own.length,
      totalPages: Math.ceil(own.length / limit),
    });
  });

  router.get("/api/moon/istanze/:id/pdf", (req, res) => {
    const hit = instanceById(store, req, res);
    if (!hit) return;
    const found = hit.instance;
    const istanza = toIstanza(found);
    const pdf = writePdf("Ricevuta della richiesta", [
      `Ente: ${getLocals(res).tenant.nome}`,
      `Pratica: ${istanza.codiceIstanza}`,
      `Modulo: ${istanza.modulo.descrizioneModulo}`,
      `Stato: ${istanza.stato.descrizione}`,
      `Data: ${pdfDate(istanza.created)}`,
      `Oggetto: ${found.oggetto}`,
    ]);
    res.status(200).type("application/pdf").send(pdf);
  });
}

/** Deleting a draft, and duplicating an instance as a new draft of the caller's. */
function registerInstanceChanges(router: express.Router, store: SandboxStore): void {
  router.delete("/api/moon/istanze/:id", (req, res) => {
    const hit = instanceById(store, req, res);
    if (!hit) return;
    const found = hit.instance;
    if (found.stato !== "BOZZA") return sendError(res, 409, "Solo una bozza può essere eliminata");
    const all = instancesOf(store, getLocals(res).tenant.id);
    all.splice(all.indexOf(found), 1);
    store.save();
    res.status(204).end();
  });

  router.get("/api/moon/istanze/:id/duplica", (req, res) => {
    const hit = instanceById(store, req, res);
    if (!hit) return;
    const found = hit.instance;
    const copy: MoonInstance = {
      ...found,
      codiceIstanza: newInstanceCode(store.state.moon),
      created: new Date().toISOString(),
      stato: "BOZZA",
      owner: hit.caller,
    };
    instancesOf(store, getLocals(res).tenant.id).push(copy);
    store.save();
    res.status(201).json(toIstanza(copy));
  });
}
