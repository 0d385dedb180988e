import { z } from "zod";
import { pageAnswer } from "./rows.ts";

/** `GET /api/document/ambiti/cittadino/{cf}` (contract §10). */
export const DocumentAreasSchema = pageAnswer(
  ["ambiti"],
  z
    .object({
      ambiti: z
        .array(z.object({ idAmbito: z.number().int(), denominazione: z.string() }).loose())
        .nullish()
        .transform((v) => v ?? []),
    })
    .loose()
    .transform((v) => v.ambiti),
);
export type DocumentArea = z.infer<typeof DocumentAreasSchema>[number];

const DocumentTypeSchema = z
  .object({
    descrizione: z.string().nullish(),
    estensione: z.string().nullish(),
    mimetype: z.string().nullish(),
  })
  .loose();

/** One `Doc` of the list (contract §10). Dates are ISO strings. */
export const DocumentSchema = z
  .object({
    uuid: z.string().min(1),
    cfCittadino: z.string().nullish(),
    descrizione: z.string(),
    dtaCreazione: z.string(),
    dtaFine: z.string().nullish(),
    ambito: z.object({ denominazione: z.string().nullish() }).loose().nullish(),
    tipologia: DocumentTypeSchema.nullish(),
  })
  .loose();
export type PersonalDocument = z.infer<typeof DocumentSchema>;

/** `POST /api/document/documenti/cittadino/{cf}` → one page and the total. */
export const DocumentPageSchema = pageAnswer(
  ["documenti", "totalElements"],
  z
    .object({
      documenti: z
        .array(DocumentSchema)
        .nullish()
        .transform((v) => v ?? []),
      totalElements: z.number().int().min(0).default(0),
    })
    .loose(),
);
export type DocumentPage = z.infer<typeof DocumentPageSchema>;

/** `GET /api/document/documenti/{uuid}/cittadino/{cf}?download=true`: the file as base64. */
export const DocumentFileSchema = z
  .object({
    documento: z
      .object({
        filename: z.string().nullish(),
        descrizione: z.string().nullish(),
        content: z.string().min(1),
        tipologia: DocumentTypeSchema.nullish(),
      })
      .loose(),
  })
  .loose()
  .transform((v) => v.documento);
export type DocumentFile = z.infer<typeof DocumentFileSchema>;

/**
 * Sort of the list: the contract's `dataCreazione` and `descrizione`, plus `dataFine` (expiry), an extension the
 * sandbox implements for the portal's "Data di scadenza" order.
 */
export type DocumentSort = "dataCreazione" | "descrizione" | "dataFine";

export type DocumentListQuery = {
  limit: number;
  offset: number;
  sort: DocumentSort;
  order: "asc" | "desc";
  idAmbito?: number;
  descrizione?: string;
  /** `dd/MM/yyyy`, as the contract wants them. */
  dtCreazioneDa?: string;
  dtCreazioneA?: string;
};

/** Personal documents (MY_DOCS) of one citizen; the fiscal code comes from the logged-in user, never the browser. */
export interface DocumentsApi {
  areas(codFisc: string): Promise<DocumentArea[]>;
  list(codFisc: string, query: DocumentListQuery): Promise<DocumentPage>;
  /** The document with its content; a document that is not the citizen's is a 404. */
  file(codFisc: string, uuid: string): Promise<DocumentFile>;
}
