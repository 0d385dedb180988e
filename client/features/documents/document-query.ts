import type { DocumentListQuery, DocumentSort } from "#shared/api/documents.ts";
import { isValidDay } from "#shared/dates.ts";

/** The page's sort choices (the `ordine` parameter) and what each asks the upstream for. */
export const DOCUMENT_ORDERS = ["recenti", "meno-recenti", "descrizione", "scadenza"] as const;
export type DocumentOrder = (typeof DOCUMENT_ORDERS)[number];

const ORDERS: Record<DocumentOrder, { sort: DocumentSort; order: "asc" | "desc" }> = {
  recenti: { sort: "dataCreazione", order: "desc" },
  "meno-recenti": { sort: "dataCreazione", order: "asc" },
  descrizione: { sort: "descrizione", order: "asc" },
  // Soonest expiry first; the sandbox puts documents without an expiry last.
  scadenza: { sort: "dataFine", order: "asc" },
};

export const DOCUMENTS_PER_PAGE = 20;
const DESCRIPTION_MAX = 100;

/** The filter form's values as the URL carries them (what the form shows back). */
export type DocumentFilterValues = {
  ambito: string;
  descrizione: string;
  da: string;
  a: string;
  ordine: DocumentOrder;
};

export type DocumentFilterErrors = Partial<Record<"da" | "a", "invalidDate" | "dateOrder">>;

export type ParsedDocumentSearch = {
  values: DocumentFilterValues;
  errors: DocumentFilterErrors;
  page: number;
  /** True when any filter (not the order, not the page) narrows the list. */
  filtered: boolean;
  /** The upstream query: invalid dates are left out (their message is shown next to the field). */
  query: DocumentListQuery;
};

/** `yyyy-MM-dd` → the contract's `dd/MM/yyyy`. */
export function toContractDate(day: string): string {
  const [yyyy, mm, dd] = day.split("-");
  return `${dd}/${mm}/${yyyy}`;
}

/** Reads the list's query string (`ambito`, `descrizione`, `da`, `a`, `ordine`, `pagina`): never throws. */
export function parseDocumentSearch(search: URLSearchParams): ParsedDocumentSearch {
  const get = (name: string) => (search.get(name) ?? "").trim();
  const ordine = (DOCUMENT_ORDERS as readonly string[]).includes(get("ordine"))
    ? (get("ordine") as DocumentOrder)
    : "recenti";
  const ambito = /^\d{1,9}$/.test(get("ambito")) ? get("ambito") : "";
  const values: DocumentFilterValues = {
    ambito,
    descrizione: get("descrizione").slice(0, DESCRIPTION_MAX),
    da: get("da"),
    a: get("a"),
    ordine,
  };
  const errors: DocumentFilterErrors = {};
  const from = values.da && isValidDay(values.da) ? values.da : null;
  const to = values.a && isValidDay(values.a) ? values.a : null;
  if (values.da && !from) errors.da = "invalidDate";
  if (values.a && !to) errors.a = "invalidDate";
  if (from && to && from > to) errors.da = "dateOrder";
  const datesOk = !errors.da && !errors.a;
  const pageText = get("pagina");
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  const query: DocumentListQuery = {
    limit: DOCUMENTS_PER_PAGE,
    offset: (page - 1) * DOCUMENTS_PER_PAGE,
    ...ORDERS[ordine],
    ...(ambito ? { idAmbito: Number(ambito) } : {}),
    ...(values.descrizione ? { descrizione: values.descrizione } : {}),
    ...(datesOk && from ? { dtCreazioneDa: toContractDate(from) } : {}),
    ...(datesOk && to ? { dtCreazioneA: toContractDate(to) } : {}),
  };
  return {
    values,
    errors,
    page,
    filtered: Boolean(ambito || values.descrizione || values.da || values.a),
    query,
  };
}

/** The query of a page of the same search (empty values and the defaults left out). */
export function documentSearchQuery(
  values: DocumentFilterValues,
  page: number,
): Record<string, string | number> {
  return {
    ...(values.ambito ? { ambito: values.ambito } : {}),
    ...(values.descrizione ? { descrizione: values.descrizione } : {}),
    ...(values.da ? { da: values.da } : {}),
    ...(values.a ? { a: values.a } : {}),
    ...(values.ordine !== "recenti" ? { ordine: values.ordine } : {}),
    ...(page > 1 ? { pagina: page } : {}),
  };
}

/** Page numbers to show in the pager: first, last and the ones around the current page, `null` for a gap. */
export function pagerItems(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, index) => (index > 0 && n - sorted[index - 1]! > 1 ? [null, n] : [n]));
}
