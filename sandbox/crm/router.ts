import express from "express";
import type { Response } from "express";
import { z } from "zod";
import { checkAttachment } from "#shared/validation/attachments.ts";
import { isWellFormedFiscalCode } from "#shared/validation/fiscal-code.ts";
import { faultGate } from "../faults.ts";
import { sendError, sendRawString } from "../http.ts";
import { javaTimestamp } from "../profile.ts";
import { playsGaps } from "../gaps.ts";
import { getLocals, type SandboxStore } from "../types.ts";
import { crmCatalogue, crmPolicyText } from "./seed.ts";
import { createTicket, crmState, toTicketDto, type CrmCustomer } from "./store.ts";

const AttachmentSchema = z.object({
  filename: z.string().min(1).max(255),
  data: z.string().max(3_000_000),
  "mime-type": z.string().max(200),
});

const NewTicketSchema = z.object({
  title: z.string().min(1).max(200),
  group_id: z.number().int().optional(),
  priority_id: z.number().int().optional(),
  type_id: z.number().int().optional(),
  utente_riconosciuto: z.union([z.literal(0), z.literal(1)]).optional(),
  service_catalog_item_id: z.number().int(),
  service_catalog_sub_item_id: z.number().int(),
  customer: z.object({
    email: z.string().min(3).max(254).includes("@"),
    mobile: z.string().max(20).nullable(),
    firstname: z.string().min(1).max(100),
    lastname: z.string().min(1).max(100),
    codice_fiscale: z.string().min(11).max(16),
  }),
  article: z.object({
    body: z.string().min(1).max(20_000),
    from: z.string().max(254).optional(),
    type_id: z.number().int().optional(),
    content_type: z.string().optional(),
    attachments: z.array(AttachmentSchema).max(5).optional(),
  }),
});
type NewTicketBody = z.output<typeof NewTicketSchema>;

const DraftInputSchema = z.object({ body: z.string().max(4_000_000), idAsset: z.number().int() });

/** The CRM-related body size: one 2 MB attachment in base64 plus the rest. */
const jsonBody = express.json({ limit: "4mb" });

function assetId(res: Response, code: "ASSISTENZA_CRM"): number | null {
  return getLocals(res).tenant.assets.find((a) => a.codice === code)?.id ?? null;
}

/** Catalogue check, attachment re-check by content: an error message, or the ticket's pieces. */
function readTicket(
  body: NewTicketBody,
):
  | { ok: false; message: string }
  | { ok: true; type: string; attachments: Array<{ filename: string; mimeType: string; data: Buffer }> } {
  const item = crmCatalogue.find((s) => s.id === body.service_catalog_item_id);
  const sub = item?.subItems.find((s) => s.id === body.service_catalog_sub_item_id);
  if (!item || !sub) return { ok: false, message: "Servizio o tipologia non validi" };
  if (!isWellFormedFiscalCode(body.customer.codice_fiscale.toUpperCase()))
    return { ok: false, message: "Codice fiscale non valido" };
  const attachments = [];
  for (const a of body.article.attachments ?? []) {
    const data = Buffer.from(a.data, "base64");
    const check = checkAttachment({ filename: a.filename, bytes: data });
    if (!check.ok) return { ok: false, message: check.message };
    attachments.push({ filename: a.filename, mimeType: check.mimeType, data });
  }
  return { ok: true, type: sub.name, attachments };
}

/** The BFF answers a saved draft with its entity: no asset (ignored by Jackson), the fiscal code, an ISO timestamp. */
function draftEntity(draft: { id: number; body: string; dataCreazione: number; codiceFiscale: string }) {
  const { id, codiceFiscale, body, dataCreazione } = draft;
  return { id, codiceFiscale, body, dataCreazione: javaTimestamp(dataCreazione) };
}

/**
 * The assistance part of the CRM under `/api[-public]/crm`, `/api-public/policy` and `/api/draft[s]`: catalogue,
 * privacy text, ticket creation (logged in, or anonymous with an e-mail code) and the drafts. Unlike the BFF, a
 * logged-in citizen can only open tickets in their own name and only touch their own drafts. Gaps mode plays the
 * BFF (contract §1, §5): a logged-in citizen opens tickets in any customer's name, and deletes any draft (PUT keeps
 * the BFF's "Id bozza e codice fiscale non coerenti").
 */
export function createCrmRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  const gate = faultGate(store, "crm");
  registerCatalogue(router, gate);
  registerTickets(router, store, gate);
  registerDrafts(router, store, gate);
  return router;
}

/** Public: the services, a service's kinds of problem, the privacy text. */
function registerCatalogue(router: express.Router, gate: express.RequestHandler): void {
  router.get("/api-public/crm/services", gate, (_req, res) => {
    res.json(crmCatalogue.map(({ id, name }) => ({ id, name })));
  });

  router.get("/api-public/crm/services/:id", gate, (req, res) => {
    const item = crmCatalogue.find((s) => String(s.id) === req.params.id);
    if (!item) return sendError(res, 404, "Servizio non trovato");
    res.json(item.subItems.map(({ id, name }) => ({ id, name })));
  });

  router.get("/api-public/policy", gate, (_req, res) => {
    sendRawString(res, 200, crmPolicyText);
  });
}

/** A new ticket: logged in (in the caller's own name), or anonymous with an e-mail code. */
function registerTickets(router: express.Router, store: SandboxStore, gate: express.RequestHandler): void {
  router.post("/api/crm/tickets", gate, jsonBody, (req, res) => {
    const citizen = getLocals(res).citizen;
    if (!citizen) return sendError(res, 401, "Accesso non effettuato");
    const parsed = NewTicketSchema.safeParse(req.body);
    if (!parsed.success) return sendError(res, 400, "Richiesta non valida");
    const body = parsed.data;
    if (!playsGaps(store) && body.customer.codice_fiscale.toUpperCase() !== citizen.codFisc.toUpperCase()) {
      return sendError(res, 403, "Codice fiscale non coerente con l'utente collegato");
    }
    const read = readTicket(body);
    if (!read.ok) return sendError(res, 400, "Richiesta non valida", [read.message]);
    const ticket = open(store, res, body, read, 1);
    res.status(201).json(toTicketDto(ticket));
  });

  router.post("/api-public/crm/tickets", gate, jsonBody, (req, res) => {
    const { otp, cf, richiesta } = req.query;
    const parsed = NewTicketSchema.safeParse(req.body);
    if (!parsed.success) return sendError(res, 400, "Richiesta non valida");
    const body = parsed.data;
    if (typeof otp !== "string" || typeof cf !== "string" || richiesta !== "EMAIL") {
      return sendError(res, 401, "autenticazione fallita");
    }
    // As the BFF: the code's row is marked used before the ticket is forwarded, so one code opens one ticket (a
    // retry of a creation that answered late fails "autenticazione fallita").
    const now = Date.now();
    const row = store.state.otp.rows.find(
      (r) =>
        r.codiceOTP === otp &&
        r.codiceFiscale === cf.toUpperCase() &&
        r.tipoRichiesta === "EMAIL" &&
        !r.used &&
        new Date(r.expirationDate).getTime() > now,
    );
    // Gaps mode: the BFF checks the code's row, then forwards whatever customer the body names.
    if (!row || (!playsGaps(store) && body.customer.codice_fiscale.toUpperCase() !== row.codiceFiscale)) {
      return sendError(res, 401, "autenticazione fallita");
    }
    const read = readTicket(body);
    if (!read.ok) return sendError(res, 400, "Richiesta non valida", [read.message]);
    row.used = true;
    const ticket = open(store, res, body, read, getLocals(res).citizen ? 1 : 0);
    res.status(201).json(toTicketDto(ticket));
  });
}

/** The logged-in citizen's drafts: list, save, update, delete. */
function registerDrafts(router: express.Router, store: SandboxStore, gate: express.RequestHandler): void {
  router.get("/api/drafts", gate, (req, res) => {
    const citizen = getLocals(res).citizen;
    if (!citizen) return sendError(res, 401, "Accesso non effettuato");
    const asset = Number(req.query.asset);
    const drafts = crmState(store.state, getLocals(res).tenant.id).drafts.filter(
      (d) => d.codiceFiscale === citizen.codFisc && (!Number.isInteger(asset) || d.idAsset === asset),
    );
    res.json(
      drafts.map(({ id, idAsset, body, dataCreazione }) => ({
        id,
        idAsset,
        body,
        dataCreazione: javaTimestamp(dataCreazione),
      })),
    );
  });

  router.post("/api/draft", gate, jsonBody, (req, res) => {
    const citizen = getLocals(res).citizen;
    if (!citizen) return sendError(res, 401, "Accesso non effettuato");
    const parsed = DraftInputSchema.safeParse(req.body);
    if (!parsed.success || parsed.data.idAsset !== assetId(res, "ASSISTENZA_CRM")) {
      return sendError(res, 400, "Richiesta non valida");
    }
    const crm = crmState(store.state, getLocals(res).tenant.id);
    const draft = {
      id: crm.nextDraftId++,
      idAsset: parsed.data.idAsset,
      body: parsed.data.body,
      dataCreazione: Date.now(),
      codiceFiscale: citizen.codFisc,
    };
    crm.drafts.push(draft);
    store.save();
    res.status(201).json(draftEntity(draft));
  });

  router.put("/api/draft/:id", gate, jsonBody, (req, res) => {
    const citizen = getLocals(res).citizen;
    if (!citizen) return sendError(res, 401, "Accesso non effettuato");
    const parsed = DraftInputSchema.safeParse(req.body);
    if (!parsed.success) return sendError(res, 400, "Richiesta non valida");
    const draft = crmState(store.state, getLocals(res).tenant.id).drafts.find(
      (d) => String(d.id) === req.params.id,
    );
    if (!draft) return sendError(res, 404, "Bozza non trovata");
    if (draft.codiceFiscale !== citizen.codFisc)
      return sendError(res, 403, "Id bozza e codice fiscale non coerenti");
    draft.body = parsed.data.body;
    draft.dataCreazione = Date.now();
    store.save();
    res.json(draftEntity(draft));
  });

  router.delete("/api/draft/:id", gate, (req, res) => {
    const citizen = getLocals(res).citizen;
    if (!citizen) return sendError(res, 401, "Accesso non effettuato");
    const crm = crmState(store.state, getLocals(res).tenant.id);
    const draft = crm.drafts.find((d) => String(d.id) === req.params.id);
    if (!draft) return sendError(res, 404, "Bozza non trovata");
    if (!playsGaps(store) && draft.codiceFiscale !== citizen.codFisc)
      return sendError(res, 403, "Id bozza e codice fiscale non coerenti");
    crm.drafts = crm.drafts.filter((d) => d !== draft);
    store.save();
    sendRawString(res, 200, "Bozza eliminata con successo");
  });
}

function open(
  store: SandboxStore,
  res: Response,
  body: NewTicketBody,
  read: { type: string; attachments: Array<{ filename: string; mimeType: string; data: Buffer }> },
  recognised: 0 | 1,
) {
  const customer: CrmCustomer = {
    ...body.customer,
    codice_fiscale: body.customer.codice_fiscale.toUpperCase(),
  };
  const ticket = createTicket(
    crmState(store.state, getLocals(res).tenant.id),
    {
      title: body.title,
      kind: "assistenza",
      type: read.type,
      customer,
      utente_riconosciuto: recognised,
      service_catalog_item_id: body.service_catalog_item_id,
      service_catalog_sub_item_id: body.service_catalog_sub_item_id,
      body: body.article.body,
      attachments: read.attachments,
    },
    new Date(),
  );
  store.save();
  return ticket;
}
