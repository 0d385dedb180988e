import type { SandboxState } from "../types.ts";

/**
 * The CRM (Zammad-like) state of the sandbox, shared by the assistance request (sandbox/crm/router.ts), the
 * citizen's tickets (sandbox/crm/conversation.ts) and the disruption report (sandbox/crm/disruption.ts).
 * Attachments keep their bytes as a Buffer in memory; in the JSON state file they are written as base64 by the
 * state file's replacer/reviver (see `toJSON`/`reviveCrm` below).
 */
export type CrmAttachment = { id: number; filename: string; mimeType: string; data: Buffer };
export type CrmArticle = {
  id: number;
  sender: "Customer" | "Agent";
  from: string;
  body: string /* HTML */;
  created_at: string;
  attachments: CrmAttachment[];
};
export type CrmCustomer = {
  codice_fiscale: string;
  email: string;
  mobile: string | null;
  firstname: string;
  lastname: string;
};
export type CrmTicket = {
  id: number;
  number: string;
  title: string;
  state_id: 1 | 2 | 4 | 8 | 9;
  kind: "assistenza" | "disservizio";
  service_catalog_item_id?: number;
  service_catalog_sub_item_id?: number;
  type: string;
  created_at: string;
  updated_at: string;
  customer: CrmCustomer;
  utente_riconosciuto: 0 | 1;
  place?: { address: string; lat: number; lon: number };
  articles: CrmArticle[];
};
export type CrmDraft = {
  id: number;
  idAsset: number;
  body: string;
  dataCreazione: number;
  codiceFiscale: string;
};
export type CrmTenantState = {
  tickets: CrmTicket[];
  nextTicketId: number;
  nextArticleId: number;
  nextAttachmentId: number;
  drafts: CrmDraft[];
  nextDraftId: number;
};

/** The Italian labels of the ticket states (spec §4), as the CRM's `state` field carries them. */
export const CRM_STATE_LABELS: Record<CrmTicket["state_id"], string> = {
  1: "Nuovo",
  2: "In lavorazione",
  4: "Chiuso",
  8: "Chiuso",
  9: "In attesa di informazioni",
};

export function emptyCrmTenantState(): CrmTenantState {
  return { tickets: [], nextTicketId: 1, nextArticleId: 1, nextAttachmentId: 1, drafts: [], nextDraftId: 1 };
}

/** The municipality's CRM state (created on first use). */
export function crmState(state: SandboxState, tenant: string): CrmTenantState {
  state.crm ??= {};
  const crm = (state.crm[tenant] ??= emptyCrmTenantState());
  reviveCrm(crm);
  return crm;
}

/** After a JSON round trip (state file) attachment data is `{type:"Buffer",data:[…]}` or base64: back to Buffer. */
function reviveCrm(crm: CrmTenantState): void {
  for (const ticket of crm.tickets) {
    for (const article of ticket.articles) {
      for (const attachment of article.attachments) {
        const data = attachment.data as unknown;
        if (Buffer.isBuffer(data)) continue;
        if (typeof data === "string") attachment.data = Buffer.from(data, "base64");
        else if (data && typeof data === "object" && Array.isArray((data as { data?: unknown }).data))
          attachment.data = Buffer.from((data as { data: number[] }).data);
        else attachment.data = Buffer.alloc(0);
      }
    }
  }
}

function addAttachments(
  crm: CrmTenantState,
  attachments: Array<{ filename: string; mimeType: string; data: Buffer }>,
): CrmAttachment[] {
  return attachments.map((a) => ({
    id: crm.nextAttachmentId++,
    filename: a.filename,
    mimeType: a.mimeType,
    data: a.data,
  }));
}

export function createTicket(
  crm: CrmTenantState,
  input: {
    title: string;
    kind: CrmTicket["kind"];
    type: string;
    customer: CrmCustomer;
    utente_riconosciuto: 0 | 1;
    service_catalog_item_id?: number;
    service_catalog_sub_item_id?: number;
    body: string;
    attachments: Array<{ filename: string; mimeType: string; data: Buffer }>;
    place?: CrmTicket["place"];
  },
  now: Date,
): CrmTicket {
  const id = crm.nextTicketId++;
  const created = now.toISOString();
  const ticket: CrmTicket = {
    id,
    number: String(10000 + id),
    title: input.title,
    state_id: 1,
    kind: input.kind,
    type: input.type,
    created_at: created,
    updated_at: created,
    customer: { ...input.customer },
    utente_riconosciuto: input.utente_riconosciuto,
    articles: [],
  };
  if (input.service_catalog_item_id !== undefined)
    ticket.service_catalog_item_id = input.service_catalog_item_id;
  if (input.service_catalog_sub_item_id !== undefined)
    ticket.service_catalog_sub_item_id = input.service_catalog_sub_item_id;
  if (input.place) ticket.place = { ...input.place };
  crm.tickets.push(ticket);
  addArticle(
    crm,
    ticket,
    { sender: "Customer", from: input.customer.email, body: input.body, attachments: input.attachments },
    now,
  );
  return ticket;
}

export function addArticle(
  crm: CrmTenantState,
  ticket: CrmTicket,
  input: {
    sender: "Customer" | "Agent";
    from: string;
    body: string;
    attachments: Array<{ filename: string; mimeType: string; data: Buffer }>;
  },
  now: Date,
): CrmArticle {
  const article: CrmArticle = {
    id: crm.nextArticleId++,
    sender: input.sender,
    from: input.from,
    body: input.body,
    created_at: now.toISOString(),
    attachments: addAttachments(crm, input.attachments),
  };
  ticket.articles.push(article);
  ticket.updated_at = article.created_at;
  return article;
}

/** The contract's `Ticket` (§5): the state label in Italian, no articles. */
export function toTicketDto(t: CrmTicket): object {
  return {
    id: t.id,
    number: t.number,
    title: t.title,
    state_id: t.state_id,
    state: CRM_STATE_LABELS[t.state_id],
    type: t.type,
    created_at: t.created_at,
    updated_at: t.updated_at,
    customer: { ...t.customer },
    utente_riconosciuto: t.utente_riconosciuto,
    ...(t.service_catalog_item_id === undefined
      ? {}
      : { service_catalog_item_id: t.service_catalog_item_id }),
    ...(t.service_catalog_sub_item_id === undefined
      ? {}
      : { service_catalog_sub_item_id: t.service_catalog_sub_item_id }),
    ...(t.place ? { place: { ...t.place } } : {}),
  };
}

/** The contract's `Article`: attachments without their data. */
export function toArticleDto(ticketId: number, a: CrmArticle): object {
  return {
    id: a.id,
    ticket_id: ticketId,
    sender: a.sender,
    from: a.from,
    body: a.body,
    content_type: "text/html",
    created_at: a.created_at,
    attachments: a.attachments.map((att) => ({
      id: att.id,
      filename: att.filename,
      size: String(att.data.length),
      "mime-type": att.mimeType,
    })),
  };
}
