import { z } from "zod";

/**
 * The CRM (Zammad-like) calls of the BFF (contract §5): service catalogue, privacy text, tickets, articles, drafts.
 * Shared by the assistance request, the citizen's tickets and the disruption report.
 */

export type TicketStateId = 1 | 2 | 4 | 8 | 9;

/** Spec §4: the Italian label the portal shows for each ticket state, agreeing with "richiesta" (the CRM's own `state` label is ignored). */
export const TICKET_STATE_LABELS: Record<TicketStateId, string> = {
  1: "Nuova",
  2: "In lavorazione",
  4: "Chiusa",
  8: "Chiusa",
  9: "In attesa di informazioni",
};

/** Open tickets accept replies and "Chiudi"; closed ones (4, 8) do not. */
export function isTicketClosed(stateId: TicketStateId): boolean {
  return stateId === 4 || stateId === 8;
}

export function ticketStateLabel(stateId: number): string {
  return TICKET_STATE_LABELS[stateId as TicketStateId] ?? "Sconosciuto";
}

export const TicketStateIdSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(4),
  z.literal(8),
  z.literal(9),
]);

export const CrmServiceSchema = z.object({ id: z.number().int(), name: z.string() }).loose();
export type CrmService = z.output<typeof CrmServiceSchema>;
export const CrmServiceListSchema = z.array(CrmServiceSchema);

export const CrmCustomerSchema = z
  .object({
    codice_fiscale: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    firstname: z.string(),
    lastname: z.string(),
  })
  .loose();
export type CrmCustomer = z.output<typeof CrmCustomerSchema>;

export const TicketSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    title: z.string(),
    state_id: TicketStateIdSchema,
    state: z.string().optional(),
    type: z.string().nullable().optional(),
    created_at: z.string(),
    updated_at: z.string().optional(),
    /**
     * The spec's customer object; nextcrm's own spec (and the original front end) has the customer's e-mail as a
     * plain string there (contract §14): read, it names no fiscal code, so no page takes the ticket as the
     * citizen's by it (ownership checks fail closed), and the list still reads.
     */
    customer: z
      .union([CrmCustomerSchema, z.string()])
      .optional()
      .transform((c) => (typeof c === "string" ? undefined : c)),
    utente_riconosciuto: z.union([z.literal(0), z.literal(1)]).optional(),
    service_catalog_item_id: z.number().int().optional(),
    service_catalog_sub_item_id: z.number().int().optional(),
    place: z.object({ address: z.string(), lat: z.number(), lon: z.number() }).optional(),
  })
  .loose();
export type Ticket = z.output<typeof TicketSchema>;

export const ArticleAttachmentSchema = z
  .object({
    id: z.number().int(),
    filename: z.string(),
    size: z.union([z.string(), z.number()]).optional(),
    "mime-type": z.string().optional(),
  })
  .loose();

export const ArticleSchema = z
  .object({
    id: z.number().int(),
    sender: z.enum(["Customer", "Agent"]),
    from: z.string().optional(),
    body: z.string(),
    created_at: z.string(),
    attachments: z.array(ArticleAttachmentSchema),
  })
  .loose();
export type Article = z.output<typeof ArticleSchema>;

/** Attachment as the CRM receives it: base64 without the `data:` prefix. */
export const NewTicketAttachmentSchema = z.object({
  filename: z.string().min(1).max(255),
  data: z.string(),
  "mime-type": z.string(),
});
export type NewTicketAttachment = z.output<typeof NewTicketAttachmentSchema>;

/** `POST /api[-public]/crm/tickets` body (contract §5); also the JSON inside an assistance draft's `body`. */
export const NewTicketSchema = z.object({
  title: z.string(),
  group_id: z.literal(2),
  priority_id: z.literal(4),
  type_id: z.literal(1),
  utente_riconosciuto: z.union([z.literal(0), z.literal(1)]),
  service_catalog_item_id: z.number().int().optional(),
  service_catalog_sub_item_id: z.number().int().optional(),
  customer: z.object({
    email: z.string(),
    mobile: z.string().nullable(),
    firstname: z.string(),
    lastname: z.string(),
    codice_fiscale: z.string(),
  }),
  article: z.object({
    body: z.string(),
    from: z.string(),
    type_id: z.literal(13),
    content_type: z.literal("text/html"),
    attachments: z.array(NewTicketAttachmentSchema).optional(),
  }),
});
export type NewTicket = z.output<typeof NewTicketSchema>;

/** A draft as the BFF stores it (`GET /api/drafts?asset=`). `body` is the JSON of a (partial) `NewTicket`. */
export const DraftSchema = z
  .object({
    id: z.number().int(),
    idAsset: z.number().int(),
    body: z.string(),
    dataCreazione: z.union([z.number(), z.string()]),
  })
  .loose();
export type Draft = z.output<typeof DraftSchema>;
export const DraftListSchema = z.array(DraftSchema);

/** A draft's body as the portal writes and reads it: every field optional (only Servizio is required to save). */
export const DraftBodySchema = z
  .object({
    title: z.string().optional(),
    service_catalog_item_id: z.number().int().optional(),
    service_catalog_sub_item_id: z.number().int().optional(),
    customer: z
      .object({
        email: z.string().optional(),
        mobile: z.string().nullable().optional(),
        firstname: z.string().optional(),
        lastname: z.string().optional(),
        codice_fiscale: z.string().optional(),
      })
      .loose()
      .optional(),
    article: z
      .object({ body: z.string().optional(), attachments: z.array(NewTicketAttachmentSchema).optional() })
      .loose()
      .optional(),
  })
  .loose();
export type DraftBody = z.output<typeof DraftBodySchema>;

/** Outcome of the anonymous creation: the BFF answers 401 "autenticazione fallita" for a wrong/expired/used code. */
export type PublicTicketResult = "created" | "auth-failed";

export interface CrmApi extends CrmTicketsApi {
  /** `GET /api-public/crm/services`. */
  services(): Promise<CrmService[]>;
  /** `GET /api-public/crm/services/{id}`: the "Tipologia problematica" list. */
  subServices(serviceId: number): Promise<CrmService[]>;
  /** `GET /api-public/policy`: the privacy text (plain). */
  policy(): Promise<string>;
  /**
   * `POST /api/crm/tickets` (logged-in citizen). No idempotency upstream: a retry is the portal's to guard
   * (client/lib/write-once.server.ts).
   */
  createTicket(ticket: NewTicket): Promise<void>;
  /**
   * `POST /api-public/crm/tickets?otp=&cf=&richiesta=EMAIL` (anonymous, with the e-mail code). The BFF marks the code
   * used before it forwards the ticket: the same code never opens a second one (a retry answers "auth-failed").
   */
  createPublicTicket(ticket: NewTicket, otp: { code: string; cf: string }): Promise<PublicTicketResult>;
  /** `GET /api/drafts?asset=`. */
  drafts(assetId: number): Promise<Draft[]>;
  /** `POST /api/draft`. */
  createDraft(input: { idAsset: number; body: string }): Promise<void>;
  /** `PUT /api/draft/{id}`: "forbidden" when the draft is another citizen's. */
  updateDraft(
    id: number,
    input: { idAsset: number; body: string },
  ): Promise<"ok" | "forbidden" | "not-found">;
  /** `DELETE /api/draft/{id}`. */
  deleteDraft(id: number): Promise<"ok" | "not-found">;
}

/** The citizen's ticket search (`GET /api/crm/tickets/search`): always the citizen's own fiscal code. */
export type TicketSearchQuery = {
  codiceFiscale: string;
  page: number;
  perPage: number;
  /** Case-insensitive part of the title (`title: {ci}`). */
  title?: string;
  /** Only these states (`state_id: {in}`, the sandbox's extension of the filter). */
  states?: readonly TicketStateId[];
  sortBy?: "created_at" | "number";
  orderBy?: "asc" | "desc";
};

/** A reply of the citizen (`POST /api/crm/tickets/{id}/articles`): HTML body, `from` = the ticket's customer. */
export type TicketReply = { body: string; from: string; attachments: NewTicketAttachment[] };

export const TicketListSchema = z.array(TicketSchema);
export const ArticleListSchema = z.array(ArticleSchema);

/** A downloaded attachment: the bytes and the type the CRM declared. */
export type TicketAttachmentFile = { bytes: Uint8Array; contentType: string };

/** The citizen's tickets (contract §5): search, one ticket, its articles, reply, close, attachment download. */
export interface CrmTicketsApi {
  searchTickets(query: TicketSearchQuery): Promise<Ticket[]>;
  /** `GET /api/crm/tickets/{id}` (generic proxy): null when unknown. The caller checks the customer. */
  ticket(id: number): Promise<Ticket | null>;
  /** `GET /api/crm/tickets/{id}/articles`, bodies sanitised. */
  articles(ticketId: number): Promise<Article[]>;
  reply(ticketId: number, reply: TicketReply): Promise<void>;
  /** `PUT /api/crm/tickets/{id} {state_id: 8}`. */
  closeTicket(ticketId: number): Promise<void>;
  attachment(ticketId: number, articleId: number, attachmentId: number): Promise<TicketAttachmentFile>;
}
