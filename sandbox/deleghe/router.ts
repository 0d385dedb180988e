import express from "express";
import type { Request, Response } from "express";
import {
  DELEGA_AZIONI,
  DELEGA_STATI,
  DOCUMENT_SLOTS,
  LIVE_STATI,
  type DelegaStato,
} from "../../shared/api/deleghe.ts";
import { isDown } from "../faults.ts";
import { isValidFiscalCode } from "../fiscal-code.ts";
import { playsGaps } from "../gaps.ts";
import { sendError } from "../http.ts";
import { getLocals, type SandboxStore, type SandboxTenant } from "../types.ts";
import { checkAttachment } from "../../shared/validation/attachments.ts";
import { todayInRome } from "../../shared/dates.ts";
import {
  addDays,
  effectiveStatus,
  type StoredAllegato,
  type StoredDelega,
  type StoredPersona,
} from "./state.ts";

export const DELEGHE_POLICY =
  "Con la delega online autorizzi la persona indicata a usare per tuo conto i servizi scelti, fino alla data di scadenza. " +
  "La delega diventa attiva quando il delegato la accetta; puoi ritirarla in qualsiasi momento dalla tua area personale. " +
  "Il Comune tratta i dati del delegante e del delegato solo per la gestione della delega.";

function detailsOf(tenant: SandboxTenant) {
  return tenant.content.dettagli;
}

/** The payload of `shared/api/deleghe.ts` (services with their title and note; the status read today). */
export function toDelega(tenant: SandboxTenant, delega: StoredDelega, today: string) {
  const details = detailsOf(tenant);
  return {
    uuidDelega: delega.uuidDelega,
    delegante: delega.delegante,
    delegato: delega.delegato,
    servizi: delega.servizi.map((id) => {
      const detail = details.find((d) => d.idServizio === id);
      return { idServizio: id, titolo: detail?.titolo ?? String(id), noteDelega: detail?.noteDelega ?? null };
    }),
    dataInizio: delega.dataInizio,
    dataScadenza: delega.dataScadenza,
    stato: effectiveStatus(delega, today),
    motivo: delega.motivo,
    dataCreazione: delega.dataCreazione,
    richiesta: delega.richiesta
      ? {
          allegati: delega.richiesta.allegati.map((a) => ({
            slot: a.slot,
            nomeFile: a.nomeFile,
            tipo: a.tipo,
            dimensione: Buffer.from(a.dati, "base64").length,
          })),
        }
      : null,
  };
}

/**
 * The checks a new delegation or request shares: the other person (a valid fiscal code, not the caller's own, name
 * and surname), the services (delegable ones of the municipality), the end date (after today, within
 * `delegheMaxDays`). Answers the cleaned values or the problems (Italian, as the upstream's 400 `details`).
 */
function checkNew(
  tenant: SandboxTenant,
  me: string,
  rawPersona: unknown,
  rawServizi: unknown,
  rawScadenza: unknown,
): { persona: StoredPersona; servizi: number[]; scadenza: string; day: string } | { problems: string[] } {
  const persona = (rawPersona ?? {}) as Partial<StoredPersona>;
  const servizi = Array.isArray(rawServizi) ? rawServizi : [];
  const scadenza = typeof rawScadenza === "string" ? rawScadenza : "";
  const problems: string[] = [];
  const cf = typeof persona.codiceFiscale === "string" ? persona.codiceFiscale.toUpperCase() : "";
  if (!isValidFiscalCode(cf)) problems.push("codiceFiscale non valido");
  if (cf === me) problems.push("non puoi indicare te stesso");
  const nome = typeof persona.nome === "string" ? persona.nome.trim() : "";
  const cognome = typeof persona.cognome === "string" ? persona.cognome.trim() : "";
  if (!nome || nome.length > 100 || !cognome || cognome.length > 100)
    problems.push("nome e cognome richiesti");
  const delegable = new Set(
    detailsOf(tenant)
      .filter((d) => d.delegabile)
      .map((d) => d.idServizio),
  );
  if (!servizi.length || !servizi.every((id) => typeof id === "number" && delegable.has(id)))
    problems.push("servizi non delegabili");
  const day = today();
  const maxDays = tenant.assets.find((a) => a.codice === "DELEGHE")?.delegheMaxDays ?? 365;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(scadenza) || scadenza <= day || scadenza > addDays(day, maxDays))
    problems.push(`dataScadenza entro ${maxDays} giorni`);
  if (problems.length) return { problems };
  return {
    persona: { codiceFiscale: cf, nome, cognome },
    servizi: [...new Set(servizi as number[])],
    scadenza,
    day,
  };
}

/** The three documents of a request (§3), each checked by its bytes as the portal does: or the problems. */
function checkDocuments(raw: unknown): { allegati: StoredAllegato[] } | { problems: string[] } {
  const list = Array.isArray(raw) ? (raw as Record<string, unknown>[]) : [];
  const problems: string[] = [];
  const allegati: StoredAllegato[] = [];
  for (const slot of DOCUMENT_SLOTS) {
    const doc = list.find((a) => a?.slot === slot);
    const nomeFile = typeof doc?.nomeFile === "string" ? doc.nomeFile.slice(0, 200) : "";
    const dati = typeof doc?.dati === "string" ? doc.dati : "";
    if (!doc || !nomeFile || !dati) {
      problems.push(`${slot} mancante`);
      continue;
    }
    const check = checkAttachment(
      { filename: nomeFile, bytes: new Uint8Array(Buffer.from(dati, "base64")) },
      { allowed: ["pdf", "png", "jpeg"] },
    );
    if (!check.ok) problems.push(`${slot}: ${check.message}`);
    else allegati.push({ slot, nomeFile, tipo: check.mimeType, dati });
  }
  return problems.length ? { problems } : { allegati };
}

function positiveInt(value: unknown, fallback: number, max: number): number {
  const n = typeof value === "string" ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** The delegations and requests of one municipality (created on first use). */
function delegheOf(store: SandboxStore, tenantId: string): StoredDelega[] {
  return (store.state.deleghe.byTenant[tenantId] ??= []);
}

/** The municipality's day (Rome), as the portal counts the delegations' limits: never a UTC date an hour ahead. */
function today(): string {
  return todayInRome();
}

/** One page of `rows`, filtered by the query (`idServizio`, `stato`, `codiceFiscaleDelegante`), newest first. */
function sendPage(req: Request, res: Response, rows: StoredDelega[]) {
  const { tenant } = getLocals(res);
  const day = today();
  const idServizio = typeof req.query.idServizio === "string" ? Number(req.query.idServizio) : null;
  const stato = typeof req.query.stato === "string" && req.query.stato ? req.query.stato : null;
  const cfDelegante =
    typeof req.query.codiceFiscaleDelegante === "string" && req.query.codiceFiscaleDelegante
      ? req.query.codiceFiscaleDelegante.toUpperCase()
      : null;
  if (stato && !(DELEGA_STATI as readonly string[]).includes(stato))
    return sendError(res, 400, "Richiesta non valida", ["stato sconosciuto"]);
  const filtered = rows
    .filter((d) => idServizio === null || d.servizi.includes(idServizio))
    .filter((d) => stato === null || effectiveStatus(d, day) === stato)
    .filter((d) => cfDelegante === null || d.delegante.codiceFiscale === cfDelegante)
    .sort((a, b) => b.dataCreazione.localeCompare(a.dataCreazione));
  const perPage = positiveInt(req.query.per_page, 10, 100);
  const number = positiveInt(req.query.page, 1, 10_000);
  res.setHeader("Cache-Control", "no-store");
  res.json({
    items: filtered.slice((number - 1) * perPage, number * perPage).map((d) => toDelega(tenant, d, day)),
    totalElements: filtered.length,
    page: number,
    per_page: perPage,
  });
}

/** The record by id, when the caller is on the side `side` (any citizen in gaps mode), or an answer sent. */
function delegaById(
  store: SandboxStore,
  req: Request,
  res: Response,
  side: "delegante" | "delegato",
): StoredDelega | null {
  const { tenant, citizen } = getLocals(res);
  const found = delegheOf(store, tenant.id).find((d) => d.uuidDelega === req.params.id);
  if (!found || (!playsGaps(store) && found[side].codiceFiscale !== citizen!.codFisc)) {
    sendError(res, 404, "Delega non trovata");
    return null;
  }
  return found;
}

/**
 * DELEGHE (our payloads, `shared/api/deleghe.ts`): `GET|POST /api/deleghe`, `PATCH /api/deleghe/{id}`,
 * `GET /api/deleghe/policy`, `GET /api/richieste-delega`, `PUT /api/richiesta-delega/{id}/annullamento`,
 * `GET /api/richiesta-delega/{id}/allegati/{slot}`, `POST /api/richiesta-delega`; only where the municipality has the DELEGHE asset (404
 * otherwise), fault switch `deleghe`. Every action checks the caller's side: the delegate accepts or refuses one
 * waiting for them, the delegator withdraws a live one, the requester cancels a request waiting for the operator
 * and reads its attachments; anything else is 404 (another citizen's id) or 409 (wrong status). In gaps mode the
 * actions and attachments by id are answered to any citizen of the municipality (no side check), as the contract's
 * unchecked ids would: the portal's own check is then the only defence.
 */
export function createDelegheRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  const guard: express.RequestHandler = (_req, res, next) => {
    const { tenant, citizen } = getLocals(res);
    if (!tenant.assets.some((a) => a.codice === "DELEGHE")) return sendError(res, 404, "Servizio non attivo");
    if (isDown(store, "deleghe")) return sendError(res, 503, "Servizio temporaneamente non disponibile");
    if (!citizen) return sendError(res, 401, "Accesso non effettuato");
    next();
  };
  router.use(["/api/deleghe", "/api/richieste-delega", "/api/richiesta-delega"], guard);
  registerReads(router, store);
  registerNewDelegation(router, store);
  registerNewRequest(router, store);
  registerActionsById(router, store);
  return router;
}

/** The policy, the caller's delegations (either side), their delegators for one service, their requests. */
function registerReads(router: express.Router, store: SandboxStore): void {
  router.get("/api/deleghe/policy", (_req, res) => {
    res.json({ testo: DELEGHE_POLICY });
  });

  /** `ruolo=delegante` (default): whom the caller delegated; `ruolo=delegato`: who delegated the caller. */
  router.get("/api/deleghe", (req, res) => {
    const { tenant, citizen } = getLocals(res);
    const me = citizen!.codFisc;
    const asDelegate = req.query.ruolo === "delegato";
    const rows = delegheOf(store, tenant.id).filter((d) =>
      asDelegate ? d.delegato.codiceFiscale === me : d.delegante.codiceFiscale === me && !d.richiesta,
    );
    sendPage(req, res, rows);
  });

  /**
   * The caller's delegators for one service (our payload: `shared/api/deleghe.ts`): APPROVATA delegations live today
   * that include it, grouped by delegator. Gaps mode lists every status and date (the portal must check them).
   */
  router.get("/api/deleghe/deleganti-by-service/:idServizio", (req, res) => {
    const { tenant, citizen } = getLocals(res);
    const idServizio = Number(req.params.idServizio);
    if (!Number.isInteger(idServizio)) return sendError(res, 400, "Richiesta non valida", ["idServizio"]);
    const day = today();
    const rows = delegheOf(store, tenant.id).filter(
      (d) =>
        d.delegato.codiceFiscale === citizen!.codFisc &&
        d.servizi.includes(idServizio) &&
        (playsGaps(store) || effectiveStatus(d, day) === "APPROVATA"),
    );
    const byDelegator = new Map<
      string,
      { codiceFiscale: string; nome: string; cognome: string; deleghe: unknown[] }
    >();
    for (const d of rows) {
      const entry = byDelegator.get(d.delegante.codiceFiscale) ?? { ...d.delegante, deleghe: [] };
      entry.deleghe.push({
        uuidDelega: d.uuidDelega,
        idServizio,
        stato: effectiveStatus(d, day),
        dataInizio: d.dataInizio,
        dataScadenza: d.dataScadenza,
      });
      byDelegator.set(d.delegante.codiceFiscale, entry);
    }
    res.setHeader("Cache-Control", "no-store");
    res.json([...byDelegator.values()]);
  });

  router.get("/api/richieste-delega", (req, res) => {
    const { tenant, citizen } = getLocals(res);
    sendPage(
      req,
      res,
      delegheOf(store, tenant.id).filter((d) => d.richiesta && d.delegato.codiceFiscale === citizen!.codFisc),
    );
  });
}

/** A new delegation (`POST /api/deleghe`): it waits for the delegate, who finds a message about it in Messaggi. */
function registerNewDelegation(router: express.Router, store: SandboxStore): void {
  router.post("/api/deleghe", express.json({ limit: "64kb" }), (req, res) => {
    const { tenant, citizen } = getLocals(res);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const checked = checkNew(tenant, citizen!.codFisc, body.delegato, body.servizi, body.dataScadenza);
    if ("problems" in checked) return sendError(res, 400, "Richiesta non valida", checked.problems);
    const { persona, servizi, scadenza, day } = checked;
    const { codiceFiscale: cf, nome, cognome } = persona;
    const n = store.state.deleghe.next++;
    const stored: StoredDelega = {
      uuidDelega: `dlg-${tenant.id.slice(-1)}-${String(n).padStart(4, "0")}`,
      delegante: { codiceFiscale: citizen!.codFisc, nome: citizen!.nome, cognome: citizen!.cognome },
      delegato: { codiceFiscale: cf, nome, cognome },
      servizi,
      dataInizio: day,
      dataScadenza: scadenza,
      stato: "ATTESA_DELEGATO",
      motivo: null,
      dataCreazione: new Date().toISOString(),
      richiesta: null,
    };
    delegheOf(store, tenant.id).push(stored);
    // The delegate finds it in Messaggi (Notify message store).
    (store.state.messages[cf] ??= []).push({
      id: `delega-${stored.uuidDelega}`,
      user_id: cf,
      mex: {
        title: "Nuova delega da accettare",
        body: `${citizen!.nome} ${citizen!.cognome} ti ha delegato per alcuni servizi del ${tenant.nome}. Accetta o rifiuta la delega nella sezione Deleghe dell'area personale.`,
      },
      tag: `citfac,${tenant.codiceEnte}`,
      read_at: null,
      timestamp: stored.dataCreazione,
    });
    store.save();
    res.status(201).json(toDelega(tenant, stored, day));
  });
}

/**
 * A request (§3): the caller (the would-be delegate) asks to act for a delegator who cannot log in, with the three
 * documents as base64 in JSON (our payload, `NuovaRichiestaDelega`); it waits for the operator (ATTESA_OPERATORE).
 */
function registerNewRequest(router: express.Router, store: SandboxStore): void {
  router.post("/api/richiesta-delega", express.json({ limit: "10mb" }), (req, res) => {
    const { tenant, citizen } = getLocals(res);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const checked = checkNew(tenant, citizen!.codFisc, body.delegante, body.servizi, body.dataScadenza);
    const documents = checkDocuments(body.allegati);
    const problems = [
      ...("problems" in checked ? checked.problems : []),
      ...("problems" in documents ? documents.problems : []),
    ];
    if ("problems" in checked || "problems" in documents)
      return sendError(res, 400, "Richiesta non valida", problems);
    const n = store.state.deleghe.next++;
    const stored: StoredDelega = {
      uuidDelega: `dlg-${tenant.id.slice(-1)}-${String(n).padStart(4, "0")}`,
      delegante: checked.persona,
      delegato: { codiceFiscale: citizen!.codFisc, nome: citizen!.nome, cognome: citizen!.cognome },
      servizi: checked.servizi,
      dataInizio: checked.day,
      dataScadenza: checked.scadenza,
      stato: "ATTESA_OPERATORE",
      motivo: null,
      dataCreazione: new Date().toISOString(),
      richiesta: { allegati: documents.allegati },
    };
    delegheOf(store, tenant.id).push(stored);
    store.save();
    res.status(201).json(toDelega(tenant, stored, checked.day));
  });
}

/** By id, on the caller's side: accept, refuse or withdraw a delegation; cancel a request, read its attachments. */
function registerActionsById(router: express.Router, store: SandboxStore): void {
  router.patch("/api/deleghe/:id", express.json({ limit: "4kb" }), (req, res) => {
    const { tenant } = getLocals(res);
    const azione = (req.body as { azione?: unknown } | undefined)?.azione;
    if (!(DELEGA_AZIONI as readonly unknown[]).includes(azione))
      return sendError(res, 400, "Richiesta non valida", ["azione"]);
    const found = delegaById(store, req, res, azione === "RITIRA" ? "delegante" : "delegato");
    if (!found) return;
    const day = today();
    const now = effectiveStatus(found, day);
    const next: Record<string, { from: readonly DelegaStato[]; to: DelegaStato }> = {
      ACCETTA: { from: ["ATTESA_DELEGATO"], to: "APPROVATA" },
      RIFIUTA: { from: ["ATTESA_DELEGATO"], to: "RIFIUTATA" },
      RITIRA: { from: LIVE_STATI, to: "RITIRATA" },
    };
    const step = next[azione as string]!;
    if (!step.from.includes(now)) return sendError(res, 409, "Stato della delega non compatibile", [now]);
    found.stato = step.to;
    store.save();
    res.json(toDelega(tenant, found, day));
  });

  router.put("/api/richiesta-delega/:id/annullamento", (req, res) => {
    const { tenant } = getLocals(res);
    const found = delegaById(store, req, res, "delegato");
    if (!found) return;
    if (!found.richiesta) return sendError(res, 404, "Richiesta non trovata");
    if (found.stato !== "ATTESA_OPERATORE")
      return sendError(res, 409, "Stato della richiesta non compatibile");
    found.stato = "RITIRATA";
    store.save();
    res.json(toDelega(tenant, found, today()));
  });

  router.get("/api/richiesta-delega/:id/allegati/:slot", (req, res) => {
    const found = delegaById(store, req, res, "delegato");
    if (!found) return;
    const slot = req.params.slot;
    const file = (DOCUMENT_SLOTS as readonly string[]).includes(slot ?? "")
      ? found.richiesta?.allegati.find((a) => a.slot === slot)
      : undefined;
    if (!file) return sendError(res, 404, "Allegato non trovato");
    res.setHeader("Cache-Control", "no-store");
    res.status(200).type(file.tipo).send(Buffer.from(file.dati, "base64"));
  });
}

/**
 * `POST /__sandbox/deleghe/richieste/:id/esito` (never under `/api`): the municipality's operator decides a request
 * waiting for them. Body `{"esito": "APPROVATA" | "RIFIUTATA", "motivo"?: string, "comune": "comune-a"}`.
 */
export function createDelegheControlRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.post("/deleghe/richieste/:id/esito", express.json({ limit: "8kb" }), (req, res) => {
    const body = (req.body ?? {}) as { esito?: unknown; motivo?: unknown; comune?: unknown };
    const tenantId = typeof body.comune === "string" ? body.comune : String(req.query.comune ?? "");
    const tenant = store.tenants.find((t) => t.id === tenantId);
    if (!tenant) return sendError(res, 400, "comune sconosciuto");
    const found = (store.state.deleghe.byTenant[tenant.id] ?? []).find((d) => d.uuidDelega === req.params.id);
    if (!found?.richiesta) return sendError(res, 404, "Richiesta non trovata");
    if (found.stato !== "ATTESA_OPERATORE")
      return sendError(res, 409, "La richiesta non attende l'operatore");
    if (body.esito !== "APPROVATA" && body.esito !== "RIFIUTATA") return sendError(res, 400, "esito");
    if (body.esito === "RIFIUTATA" && (typeof body.motivo !== "string" || !body.motivo.trim()))
      return sendError(res, 400, "motivo richiesto per il rifiuto");
    found.stato = body.esito;
    found.motivo = body.esito === "RIFIUTATA" ? String(body.motivo).trim() : null;
    store.save();
    res.json(toDelega(tenant, found, today()));
  });
  return router;
}
