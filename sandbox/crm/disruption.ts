import express from "express";
import {
  DISRUPTION_ATTACHMENT_MAX_BYTES,
  DISRUPTION_ATTACHMENT_TYPES,
  NewDisruptionTicketSchema,
  placeLine,
} from "#shared/api/disruption.ts";
import { checkAttachment } from "#shared/validation/attachments.ts";
import { sendError } from "../http.ts";
import { writePdf } from "../pdf.ts";
import { playsGaps } from "../gaps.ts";
import { getLocals, type SandboxStore } from "../types.ts";
import { createTicket, crmState, type CrmTicket } from "./store.ts";

/*
 * The disruption report (DISSERVIZIO_CRM) on the sandbox CRM. Defined by this project (see shared/api/disruption.ts):
 * the categories per municipality with the attachment limit, the creation of the report (a CRM ticket of kind
 * "disservizio" with its place) and its receipt PDF. The policy is `GET /api-public/configComune/disservizio/policy`.
 */

type Catalogue = { categorie: Array<{ id: number; nome: string }>; maxAllegati: number };

const CATALOGUES: Record<string, Catalogue> = {
  "comune-a": {
    maxAllegati: 3,
    categorie: [
      { id: 901, nome: "Illuminazione pubblica" },
      { id: 902, nome: "Strade e marciapiedi" },
      { id: 903, nome: "Rifiuti e pulizia" },
      { id: 904, nome: "Verde pubblico" },
      { id: 905, nome: "Segnaletica" },
    ],
  },
  "comune-b": {
    maxAllegati: 2,
    categorie: [
      { id: 911, nome: "Buche e dissesti stradali" },
      { id: 912, nome: "Lampioni spenti" },
      { id: 913, nome: "Raccolta rifiuti" },
      { id: 914, nome: "Parchi e giardini" },
    ],
  },
};
const DEFAULT_CATALOGUE: Catalogue = { maxAllegati: 3, categorie: [{ id: 999, nome: "Altro" }] };

export function disruptionCatalogue(tenantId: string): Catalogue {
  return CATALOGUES[tenantId] ?? DEFAULT_CATALOGUE;
}

function categoryName(tenantId: string, id: number): string | undefined {
  return disruptionCatalogue(tenantId).categorie.find((c) => c.id === id)?.nome;
}

/** The receipt's lines (the PDF writer draws them one under the other). */
export function receiptLines(ticket: CrmTicket, category: string): string[] {
  const created = new Date(ticket.created_at);
  const date = new Intl.DateTimeFormat("it-IT", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Rome",
  }).format(created);
  return [
    `Numero della segnalazione: ${ticket.number}`,
    `Data: ${date}`,
    `Tipo di disservizio: ${category}`,
    ...(ticket.place ? [placeLine(ticket.place)] : []),
    `Titolo: ${ticket.title}`,
    `Autore: ${ticket.customer.firstname} ${ticket.customer.lastname} (${ticket.customer.codice_fiscale})`,
    "",
    "Ambiente dimostrativo: documento senza valore legale.",
  ];
}

/** Only where the municipality has the DISSERVIZIO_CRM asset. */
const hasAsset: express.RequestHandler = (_req, res, next) => {
  if (!getLocals(res).tenant.assets.some((a) => a.codice === "DISSERVIZIO_CRM"))
    return sendError(res, 404, "Risorsa non trovata");
  next();
};

export function createDisruptionRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.get("/api-public/crm/disservizio/categorie", hasAsset, (_req, res) => {
    const tenant = getLocals(res).tenant;
    const hall = tenant.content.addresses[0];
    res.json({
      ...disruptionCatalogue(tenant.id),
      ...(hall ? { centro: { lat: hall.lat, lon: hall.lon } } : {}),
    });
  });
  router.post("/api/crm/disservizio/tickets", hasAsset, express.json({ limit: "16mb" }), (req, res) =>
    createReport(store, req, res),
  );
  router.get("/api/crm/disservizio/tickets/:id/ricevuta", hasAsset, (req, res) =>
    sendReceipt(store, req, res),
  );
  return router;
}

/** `POST /api/crm/disservizio/tickets`: the logged-in citizen's report, a CRM ticket of kind "disservizio". */
function createReport(store: SandboxStore, req: express.Request, res: express.Response) {
  const { tenant, citizen } = getLocals(res);
  if (!citizen) return sendError(res, 401, "Utente non autenticato");
  const parsed = NewDisruptionTicketSchema.safeParse(req.body);
  if (!parsed.success)
    return sendError(
      res,
      400,
      "Richiesta non valida",
      parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
    );
  const input = parsed.data;
  const crm = crmState(store.state, tenant.id);

  const catalogue = disruptionCatalogue(tenant.id);
  const category = categoryName(tenant.id, input.service_catalog_sub_item_id);
  if (!category) return sendError(res, 400, "Richiesta non valida", ["Tipo di disservizio sconosciuto"]);
  const attachments = input.article.attachments ?? [];
  if (attachments.length > catalogue.maxAllegati)
    return sendError(res, 400, "Richiesta non valida", [
      `Puoi allegare al massimo ${catalogue.maxAllegati} file`,
    ]);
  const files: Array<{ filename: string; mimeType: string; data: Buffer }> = [];
  for (const a of attachments) {
    const data = Buffer.from(a.data, "base64");
    const checked = checkAttachment(
      { filename: a.filename, bytes: new Uint8Array(data) },
      { allowed: [...DISRUPTION_ATTACHMENT_TYPES], maxBytes: DISRUPTION_ATTACHMENT_MAX_BYTES },
    );
    if (!checked.ok) return sendError(res, 400, "Richiesta non valida", [checked.message]);
    files.push({ filename: a.filename, mimeType: a["mime-type"], data });
  }
  const ticket = createTicket(
    crm,
    {
      title: input.title,
      kind: "disservizio",
      type: category,
      // The author is the logged-in citizen, whatever the body says.
      customer: {
        codice_fiscale: citizen.codFisc,
        email: input.customer.email,
        mobile: input.customer.mobile,
        firstname: citizen.nome,
        lastname: citizen.cognome,
      },
      utente_riconosciuto: 1,
      service_catalog_sub_item_id: input.service_catalog_sub_item_id,
      body: input.article.body,
      attachments: files,
      place: input.place,
    },
    new Date(),
  );
  store.save();
  res.status(201).json(toCreated(ticket));
}

/** The receipt PDF of one of the caller's reports (another citizen's: 403; gaps mode: any of the municipality). */
function sendReceipt(store: SandboxStore, req: express.Request, res: express.Response) {
  const { tenant, citizen } = getLocals(res);
  if (!citizen) return sendError(res, 401, "Utente non autenticato");
  const ticket = crmState(store.state, tenant.id).tickets.find(
    (t) => String(t.id) === req.params.id && t.kind === "disservizio",
  );
  if (!ticket) return sendError(res, 404, "Segnalazione non trovata");
  // Gaps mode: no owner check, like every ticket by id behind the BFF's generic CRM proxy.
  if (!playsGaps(store) && ticket.customer.codice_fiscale !== citizen.codFisc)
    return sendError(res, 403, "Segnalazione di un altro cittadino");
  const category = categoryName(tenant.id, ticket.service_catalog_sub_item_id ?? -1) ?? ticket.type;
  const pdf = writePdf(`Segnalazione di disservizio n. ${ticket.number}`, receiptLines(ticket, category));
  res.json({ ricevuta: pdf.toString("base64") });
}

function toCreated(ticket: CrmTicket) {
  return { id: ticket.id, number: ticket.number, title: ticket.title, created_at: ticket.created_at };
}
