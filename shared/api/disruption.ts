import { z } from "zod";
import { NoticeTextSchema } from "./notice-text.ts";

/*
 * The disruption report (DISSERVIZIO_CRM). Contract §12 names only `GET /configComune/disservizio/policy` and "a
 * ticket with «Luogo del disservizio»"; the rest is defined by this project (and implemented by the sandbox):
 *   GET  /api-public/crm/disservizio/categorie          → DisruptionCatalogue (categories + attachment rules)
 *   POST /api/crm/disservizio/tickets                   ← NewDisruptionTicket (the contract's NewTicket + `place`),
 *                                                            → the created Ticket (id, number, …)
 *   GET  /api/crm/disservizio/tickets/{id}/ricevuta     → `{ricevuta: base64 PDF}` (only the citizen who reported it)
 */

export const DISRUPTION_DETAILS_MAX_LENGTH = 200;
export const DISRUPTION_TITLE_MAX_LENGTH = 100;
/** Each photo or document: at most 2 MB (spec §5). */
export const DISRUPTION_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
/** Photos (PNG, JPEG) and PDF documents. */
export const DISRUPTION_ATTACHMENT_TYPES = ["png", "jpeg", "pdf"] as const;
/** The marker the ticket body carries before the place (spec §9). */
export const PLACE_MARKER = "Luogo del disservizio";

export const DisruptionCategorySchema = z.object({ id: z.number().int(), nome: z.string().min(1) }).loose();
export type DisruptionCategory = z.infer<typeof DisruptionCategorySchema>;

export const DisruptionCatalogueSchema = z
  .object({
    categorie: z.array(DisruptionCategorySchema),
    /** How many photos/documents one report may carry (the municipality's configuration). */
    maxAllegati: z.number().int().min(0).max(10),
    /** Where the map opens (the town hall); absent: the map is not offered, the address search is. */
    centro: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).optional(),
  })
  .loose();
export type DisruptionCatalogue = z.infer<typeof DisruptionCatalogueSchema>;

export const PlaceSchema = z.object({
  address: z.string().min(1).max(300),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type DisruptionPlace = z.infer<typeof PlaceSchema>;

export const NewDisruptionTicketSchema = z.object({
  title: z.string().min(1).max(DISRUPTION_TITLE_MAX_LENGTH),
  group_id: z.literal(2),
  priority_id: z.literal(4),
  type_id: z.literal(1),
  utente_riconosciuto: z.literal(1),
  /** The disruption category. */
  service_catalog_sub_item_id: z.number().int(),
  customer: z.object({
    email: z.string().min(1).max(254),
    mobile: z.string().nullable(),
    firstname: z.string().max(100),
    lastname: z.string().max(100),
    codice_fiscale: z.string().max(16),
  }),
  article: z.object({
    body: z.string().min(1).max(20_000),
    from: z.string().max(254),
    type_id: z.literal(13),
    content_type: z.literal("text/html"),
    attachments: z
      .array(
        z.object({
          filename: z.string().min(1).max(200),
          data: z.string().regex(/^[A-Za-z0-9+/=]*$/),
          "mime-type": z.string().max(100),
        }),
      )
      .max(10)
      .optional(),
  }),
  place: PlaceSchema,
});
export type NewDisruptionTicket = z.infer<typeof NewDisruptionTicketSchema>;

export const CreatedDisruptionSchema = z
  .object({ id: z.number().int(), number: z.string(), title: z.string(), created_at: z.string() })
  .loose();
export type CreatedDisruption = z.infer<typeof CreatedDisruptionSchema>;

export const DisruptionPolicySchema = NoticeTextSchema;
export const DisruptionReceiptSchema = z
  .object({
    ricevuta: z
      .string()
      .min(1)
      .regex(/^[A-Za-z0-9+/=]+$/),
  })
  .loose()
  .transform((v) => v.ricevuta);

export interface DisruptionApi {
  /** The municipality's disruption policy text (sanitised HTML). */
  policy(): Promise<string>;
  catalogue(): Promise<DisruptionCatalogue>;
  /** Creates the report (no idempotency upstream: a retry is the portal's to guard, client/lib/write-once.server.ts). */
  create(ticket: NewDisruptionTicket): Promise<CreatedDisruption>;
  /** The receipt PDF of one of the citizen's reports. */
  receipt(id: number): Promise<Uint8Array>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The place line of the ticket body: "Luogo del disservizio: <address> (<lat>, <lon>)". */
export function placeLine(place: DisruptionPlace): string {
  return `${PLACE_MARKER}: ${place.address} (${place.lat.toFixed(6)}, ${place.lon.toFixed(6)})`;
}

/** The ticket's article body (HTML): category, place, details. */
export function disruptionBody(input: { category: string; place: DisruptionPlace; details: string }): string {
  return [
    `<p>Tipo di disservizio: ${escapeHtml(input.category)}</p>`,
    `<p>${escapeHtml(placeLine(input.place))}</p>`,
    `<p>${escapeHtml(input.details).replace(/\r?\n/g, "<br>")}</p>`,
  ].join("");
}
