import express from "express";
import type { Response } from "express";
import {
  ALL_ATTACHMENT_TYPES,
  ATTACHMENT_MAX_BYTES,
  checkAttachment,
} from "#shared/validation/attachments.ts";
import { faultGate } from "../faults.ts";
import { sendError } from "../http.ts";
import { playsGaps } from "../gaps.ts";
import { getLocals, type SandboxStore } from "../types.ts";
import {
  addArticle,
  crmState,
  toArticleDto,
  toTicketDto,
  type CrmTenantState,
  type CrmTicket,
} from "./store.ts";

/** What the citizen may attach to a reply (the original's list) and how big each file may be. */
export const REPLY_ATTACHMENT_TYPES = ALL_ATTACHMENT_TYPES;
export const REPLY_ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_BYTES;
const MAX_PER_PAGE = 100;
/** Where the citizen's side of the conversation lives. */
const base = "/api/crm/tickets";
const CLOSED_STATES: ReadonlySet<CrmTicket["state_id"]> = new Set([4, 8]);

export class SearchFilterError extends Error {}

export type TicketSearch = {
  codiceFiscale: string;
  title?: string;
  states?: Array<CrmTicket["state_id"]>;
  perPage: number;
  page: number;
  sortBy: "created_at" | "number";
  orderBy: "asc" | "desc";
};

function positiveInt(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new SearchFilterError(`Parametro non valido: ${String(value)}`);
  return Math.min(n, max);
}

function readOperator(filter: Record<string, unknown>, field: string, operator: string): unknown {
  const clause = filter[field];
  if (clause === undefined) return undefined;
  if (!clause || typeof clause !== "object" || Array.isArray(clause)) {
    throw new SearchFilterError(`Filtro non valido su ${field}`);
  }
  return (clause as Record<string, unknown>)[operator];
}

/**
 * The query of `GET /api/crm/tickets/search`: `filter` is JSON, `{"customer.codice_fiscale":{"eq":CF},
 * "title":{"ci":text}}` as in the contract, plus the sandbox's `"state_id":{"in":[…]}` (the citizen's state filter).
 */
export function parseTicketSearch(query: Record<string, unknown>): TicketSearch {
  let filter: unknown;
  try {
    filter = JSON.parse(typeof query.filter === "string" ? query.filter : "{}");
  } catch {
    throw new SearchFilterError("Filtro non valido (JSON)");
  }
  if (!filter || typeof filter !== "object" || Array.isArray(filter))
    throw new SearchFilterError("Filtro non valido");
  const f = filter as Record<string, unknown>;
  const cf = readOperator(f, "customer.codice_fiscale", "eq");
  const title = readOperator(f, "title", "ci");
  const states = readOperator(f, "state_id", "in");
  if (title !== undefined && typeof title !== "string")
    throw new SearchFilterError("Filtro non valido su title");
  if (
    states !== undefined &&
    !(Array.isArray(states) && states.every((s) => [1, 2, 4, 8, 9].includes(s as number)))
  ) {
    throw new SearchFilterError("Filtro non valido su state_id");
  }
  const sortBy = query.sort_by ?? "created_at";
  const orderBy = query.order_by ?? "desc";
  if (sortBy !== "created_at" && sortBy !== "number") throw new SearchFilterError("sort_by non valido");
  if (orderBy !== "asc" && orderBy !== "desc") throw new SearchFilterError("order_by non valido");
  return {
    codiceFiscale: typeof cf === "string" ? cf.toUpperCase() : "",
    ...(title ? { title } : {}),
    ...(states ? { states: states as Array<CrmTicket["state_id"]> } : {}),
    perPage: positiveInt(query.per_page, 10, MAX_PER_PAGE),
    page: positiveInt(query.page, 1),
    sortBy,
    orderBy,
  };
}

/**
 * One page of the tickets matching the search (no total: the caller knows there is more when the page is full). An
 * empty fiscal code matches every ticket (only gaps mode lets such a search through, as Zammad does).
 */
export function searchTickets(tickets: readonly CrmTicket[], search: TicketSearch): CrmTicket[] {
  const title = search.title?.toLocaleLowerCase("it");
  const found = tickets.filter(
    (t) =>
      (search.codiceFiscale === "" || t.customer.codice_fiscale.toUpperCase() === search.codiceFiscale) &&
      (!title || t.title.toLocaleLowerCase("it").includes(title)) &&
      (!search.states || search.states.includes(t.state_id)),
  );
  const key = (t: CrmTicket) => (search.sortBy === "number" ? Number(t.number) : Date.parse(t.created_at));
  const sign = search.orderBy === "asc" ? 1 : -1;
  found.sort((a, b) => sign * (key(a) - key(b)) || sign * (a.id - b.id));
  const start = (search.page - 1) * search.perPage;
  return found.slice(start, start + search.perPage);
}

export function isClosed(ticket: CrmTicket): boolean {
  return CLOSED_STATES.has(ticket.state_id);
}

type IncomingAttachment = { filename: string; mimeType: string; data: Buffer };

/**
 * The `attachments` of an article body (`[{filename, data: base64, "mime-type"}]`), re-checked by content like the
 * portal does: the stored type is the detected one, never the declared one. A message string when one is refused.
 */
export function readAttachments(value: unknown): IncomingAttachment[] | string {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return "Allegati non validi";
  const result: IncomingAttachment[] = [];
  for (const item of value) {
    if (!item || typeof item !== "object") return "Allegato non valido";
    const { filename, data } = item as Record<string, unknown>;
    if (typeof filename !== "string" || filename.trim() === "" || typeof data !== "string") {
      return "Allegato non valido";
    }
    const bytes = Buffer.from(data, "base64");
    const checked = checkAttachment(
      { filename, bytes: new Uint8Array(bytes) },
      { allowed: REPLY_ATTACHMENT_TYPES, maxBytes: REPLY_ATTACHMENT_MAX_BYTES },
    );
    if (!checked.ok) return checked.message;
    result.push({ filename: filename.trim(), mimeType: checked.mimeType, data: bytes });
  }
  return result;
}

function hasCrm(res: Response): boolean {
  return getLocals(res).tenant.assets.some(
    (asset) => asset.codice === "ASSISTENZA_CRM" || asset.codice === "DISSERVIZIO_CRM",
  );
}

/**
 * The caller's own ticket of this municipality, or null (another citizen's ticket is "not found", never 403). Gaps
 * mode: any ticket of the municipality, as the BFF's generic CRM proxy (contract §5) checks no owner.
 */
function ownTicket(
  store: SandboxStore,
  res: Response,
  id: string,
): { crm: CrmTenantState; ticket: CrmTicket } | null {
  const { tenant, citizen } = getLocals(res);
  if (!citizen || !/^\d+$/.test(id)) return null;
  const crm = crmState(store.state, tenant.id);
  const ticket = crm.tickets.find((t) => t.id === Number(id));
  if (!ticket) return null;
  if (!playsGaps(store) && ticket.customer.codice_fiscale.toUpperCase() !== citizen.codFisc.toUpperCase())
    return null;
  return { crm, ticket };
}

/**
 * The citizen's side of the CRM conversation (contract §5), under `/api/crm/tickets`: search (the filter's fiscal
 * code must be the caller's own: 403 otherwise, unlike the BFF), articles (list, reply), close (`state_id: 8`) and
 * attachment download, each only for the ticket's own customer (404 otherwise). Fault switch: `crm` = "down" → 503.
 * Gaps mode plays the BFF: the search honours whatever fiscal code the filter names (none: every ticket), and tickets
 * by id take no owner check. Logged-out callers still get 401 (the BFF's SSO filter).
 */
export function createConversationRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.use(base, faultGate(store, "crm"), (_req, res, next) => {
    if (!hasCrm(res)) return sendError(res, 404, "Servizio non disponibile");
    if (!getLocals(res).citizen) return sendError(res, 401, "Accesso non effettuato");
    next();
  });

  registerReads(router, store);
  registerChanges(router, store);
  registerAttachmentDownload(router, store);
  return router;
}

/** The caller's tickets found by a filter, one ticket, its articles. */
function registerReads(router: express.Router, store: SandboxStore): void {
  router.get(`${base}/search`, (req, res) => {
    let search: TicketSearch;
    try {
      search = parseTicketSearch(req.query);
    } catch (error) {
      if (error instanceof SearchFilterError)
        return sendError(res, 400, "Richiesta non valida", [error.message]);
      throw error;
    }
    const citizen = getLocals(res).citizen;
    if (!citizen || (!playsGaps(store) && search.codiceFiscale !== citizen.codFisc.toUpperCase())) {
      return sendError(res, 403, "Codice fiscale non coerente con l'utente collegato");
    }
    const crm = crmState(store.state, getLocals(res).tenant.id);
    res.json(searchTickets(crm.tickets, search).map(toTicketDto));
  });

  router.get(`${base}/:id`, (req, res) => {
    const found = ownTicket(store, res, req.params.id);
    if (!found) return sendError(res, 404, "Richiesta non trovata");
    res.json(toTicketDto(found.ticket));
  });

  router.get(`${base}/:id/articles`, (req, res) => {
    const found = ownTicket(store, res, req.params.id);
    if (!found) return sendError(res, 404, "Richiesta non trovata");
    res.json(found.ticket.articles.map((a) => toArticleDto(found.ticket.id, a)));
  });
}

/** The citizen's reply to a ticket (an article), and closing it. */
function registerChanges(router: express.Router, store: SandboxStore): void {
  router.post(`${base}/:id/articles`, express.json({ limit: "12mb" }), (req, res) => {
    const found = ownTicket(store, res, req.params.id);
    if (!found) return sendError(res, 404, "Richiesta non trovata");
    const { ticket, crm } = found;
    if (isClosed(ticket)) return sendError(res, 422, "La richiesta è chiusa");
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.body !== "string" || body.body.trim() === "") {
      return sendError(res, 400, "Richiesta non valida", ["Il testo della risposta è obbligatorio"]);
    }
    const attachments = readAttachments(body.attachments);
    if (typeof attachments === "string") return sendError(res, 400, "Richiesta non valida", [attachments]);
    const article = addArticle(
      crm,
      ticket,
      { sender: "Customer", from: ticket.customer.email, body: body.body, attachments },
      new Date(),
    );
    // The citizen answered the operator's question: the ticket is being worked on again.
    if (ticket.state_id === 9) ticket.state_id = 2;
    store.save();
    res.status(201).json(toArticleDto(ticket.id, article));
  });

  router.put(`${base}/:id`, express.json({ limit: "10kb" }), (req, res) => {
    const found = ownTicket(store, res, req.params.id);
    if (!found) return sendError(res, 404, "Richiesta non trovata");
    const stateId = (req.body as { state_id?: unknown } | undefined)?.state_id;
    // The citizen can only close ("Chiudi"): any other change is the operators'.
    if (stateId !== 8) return sendError(res, 422, "Cambio di stato non consentito", ["Solo state_id 8"]);
    found.ticket.state_id = 8;
    found.ticket.updated_at = new Date().toISOString();
    store.save();
    res.json(toTicketDto(found.ticket));
  });
}

/** An attachment of an article of the caller's ticket, as a download. */
function registerAttachmentDownload(router: express.Router, store: SandboxStore): void {
  router.get(`${base}/:id/articles/:articleId/attachments/:attachmentId`, (req, res) => {
    const found = ownTicket(store, res, req.params.id);
    const article = found?.ticket.articles.find((a) => String(a.id) === req.params.articleId);
    const attachment = article?.attachments.find((a) => String(a.id) === req.params.attachmentId);
    if (!attachment) return sendError(res, 404, "Allegato non trovato");
    res.setHeader("Content-Type", attachment.mimeType);
    res.setHeader(
      "Content-Disposition",
      // An ASCII fallback and the exact name (RFC 6266/5987): a header value must be Latin-1 (Node refuses others).
      `attachment; filename="${attachment.filename.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
    );
    res.setHeader("Cache-Control", "private, no-store");
    res.send(attachment.data);
  });
}

/**
 * Sandbox control (`/__sandbox/crm/tickets/:id/reply`, never proxied by the portal): the "operator" answers a
 * ticket. Body `{ body: string, comune?: tenant id, attachments?: [{filename, data: base64, "mime-type"}] }`
 * (`comune` also as a query parameter; without it the ticket id must be unique across municipalities). The
 * answer is an `Agent` article and the ticket becomes open (state 2).
 */
export function createCrmControlRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.post("/crm/tickets/:id/reply", express.json({ limit: "12mb" }), (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const comune =
      typeof body.comune === "string"
        ? body.comune
        : typeof req.query.comune === "string"
          ? req.query.comune
          : undefined;
    if (typeof body.body !== "string" || body.body.trim() === "") {
      return sendError(res, 400, "Richiesta non valida", ["body obbligatorio"]);
    }
    const tenants = store.tenants.filter((t) => !comune || t.id === comune);
    const matches = tenants.flatMap((tenant) => {
      const crm = crmState(store.state, tenant.id);
      const ticket = crm.tickets.find((t) => String(t.id) === req.params.id);
      return ticket ? [{ crm, ticket }] : [];
    });
    if (matches.length === 0) return sendError(res, 404, "Richiesta non trovata");
    if (matches.length > 1) return sendError(res, 400, "Richiesta ambigua", ["Indicare comune"]);
    const [{ crm, ticket }] = matches as [(typeof matches)[number]];
    const attachments = readAttachments(body.attachments);
    if (typeof attachments === "string") return sendError(res, 400, "Richiesta non valida", [attachments]);
    const article = addArticle(
      crm,
      ticket,
      { sender: "Agent", from: "Operatore", body: body.body, attachments },
      new Date(),
    );
    ticket.state_id = 2;
    store.save();
    res.status(201).json({ ticket: toTicketDto(ticket), article: toArticleDto(ticket.id, article) });
  });
  return router;
}
