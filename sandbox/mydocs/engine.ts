import { z } from "zod";
import type { MyDocsArea, MyDocsDocument } from "./state.ts";

/** `dd/MM/yyyy` as the contract sends filter dates → `yyyy-MM-dd`, or null when not a real date. */
export function parseContractDate(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return null;
  const [, dd, mm, yyyy] = match;
  const iso = `${yyyy}-${mm}-${dd}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

const ContractDate = z.string().refine((v) => parseContractDate(v) !== null, "data non valida (dd/MM/yyyy)");

/** Body of `POST documenti/cittadino/{cf}`. */
export const DocumentFilterSchema = z.object({
  visibile: z.boolean().optional(),
  idAmbito: z.number().int().nullish(),
  descrizione: z.string().max(200).nullish(),
  dtCreazioneDa: ContractDate.nullish(),
  dtCreazioneA: ContractDate.nullish(),
});
export type DocumentFilter = z.infer<typeof DocumentFilterSchema>;

/**
 * Query of the list. `sort=dataFine` is the sandbox's own extension (the contract knows only `dataCreazione` and
 * `descrizione`): the portal's "Data di scadenza" order; documents without an expiry come last.
 */
export const DocumentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(["dataCreazione", "descrizione", "dataFine"]).default("dataCreazione"),
  order: z.enum(["asc", "desc"]).default("desc"),
});
export type DocumentQuery = z.infer<typeof DocumentQuerySchema>;

/** The contract's `Doc`. */
export function toDocDto(doc: MyDocsDocument, areas: readonly MyDocsArea[]) {
  const area = areas.find((a) => a.idAmbito === doc.idAmbito);
  return {
    uuid: doc.uuid,
    cfCittadino: doc.cfCittadino,
    descrizione: doc.descrizione,
    dtaCreazione: doc.dtaCreazione,
    ...(doc.dtaFine ? { dtaFine: doc.dtaFine } : {}),
    ambito: { idAmbito: doc.idAmbito, denominazione: area?.denominazione ?? "" },
    tipologia: { ...doc.tipologia },
  };
}

function compare(sort: DocumentQuery["sort"], left: MyDocsDocument, right: MyDocsDocument): number {
  if (sort === "descrizione") return left.descrizione.localeCompare(right.descrizione, "it");
  if (sort === "dataFine") return (left.dtaFine ?? "").localeCompare(right.dtaFine ?? "");
  return left.dtaCreazione.localeCompare(right.dtaCreazione);
}

/** Filters (visible only; area; description contains, case-insensitive; creation day between the dates), sorts, pages. */
export function queryDocuments(
  all: readonly MyDocsDocument[],
  filter: DocumentFilter,
  query: DocumentQuery,
): { documents: MyDocsDocument[]; totalElements: number } {
  const from = filter.dtCreazioneDa ? parseContractDate(filter.dtCreazioneDa) : null;
  const to = filter.dtCreazioneA ? parseContractDate(filter.dtCreazioneA) : null;
  const text = filter.descrizione?.trim().toLocaleLowerCase("it") ?? "";
  const matching = all.filter((doc) => {
    const day = doc.dtaCreazione.slice(0, 10);
    return (
      doc.visibile &&
      (filter.idAmbito == null || doc.idAmbito === filter.idAmbito) &&
      (text === "" || doc.descrizione.toLocaleLowerCase("it").includes(text)) &&
      (from === null || day >= from) &&
      (to === null || day <= to)
    );
  });
  const direction = query.order === "asc" ? 1 : -1;
  const sorted = [...matching].sort((left, right) => {
    // Without an expiry a document sorts after every dated one, whatever the direction.
    if (query.sort === "dataFine" && !left.dtaFine !== !right.dtaFine) return left.dtaFine ? -1 : 1;
    return direction * compare(query.sort, left, right) || left.uuid.localeCompare(right.uuid);
  });
  return {
    documents: sorted.slice(query.offset, query.offset + query.limit),
    totalElements: matching.length,
  };
}
