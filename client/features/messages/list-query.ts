import type { MessageSummary } from "#client/components/message-card/message-summary.ts";
import type { TextKey } from "#client/i18n/i18n-context.tsx";
import type { messagesIt } from "./texts.ts";
import { municipalityTag, type MessageFilter, type MessageListQuery } from "#shared/api/messages.ts";
import { isValidDay, parseRomeDateTime } from "#shared/dates.ts";

/** Messages per page: the original showed 15 and "Vedi altre notifiche" added 15 more. */
export const PAGE_SIZE = 15;

/** How many times "Vedi altre notifiche" adds to the list (600 messages); past that the filter narrows the list. */
export const MAX_PAGES = 40;

/** The store's largest page (its `limit`); a longer list is read in several calls. */
const STORE_LIMIT = 90;

export const READ_STATES = ["", "non-letti", "letti"] as const;
export type ReadState = (typeof READ_STATES)[number];
export const SORT_ORDERS = ["recenti", "meno-recenti"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The list's GET parameters: `da`, `a` (yyyy-MM-dd), `servizio`, `stato`, `ordine`, `pagina`. */
export type ListValues = {
  da: string;
  a: string;
  servizio: string;
  stato: ReadState;
  ordine: SortOrder;
  pagina: number;
};

/** One loaded page of the list (null in the page's data when the store failed). */
export type MessageListData = {
  messages: MessageSummary[];
  total: number;
  /** The notification services to filter by: the code the store filters on, the title the citizen reads. */
  senders: { value: string; label: string }[];
};

export type ListErrors = Partial<Record<"da" | "a", TextKey<typeof messagesIt>>>;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/**
 * Reads the filter from the address, with the original's date rules: a day in the future or not a day is "Inserire
 * una data valida"; "Da" after "A" is "La data iniziale deve essere precedente alla data finale" (and "Inserire un
 * periodo valido" on "A"). Unknown values of the other fields fall back to their defaults.
 */
export function readListQuery(
  params: URLSearchParams,
  today: string,
): { values: ListValues; errors: ListErrors } {
  const text = (name: string) => (params.get(name) ?? "").trim();
  const page = Number(text("pagina"));
  const values: ListValues = {
    da: text("da"),
    a: text("a"),
    servizio: text("servizio"),
    stato: pick(text("stato"), READ_STATES, ""),
    ordine: pick(text("ordine"), SORT_ORDERS, "recenti"),
    pagina: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGES) : 1,
  };
  const errors: ListErrors = {};
  const validDay = (day: string) => isValidDay(day) && day <= today;
  if (values.da && !validDay(values.da)) errors.da = "messages.filter.invalidDate";
  if (values.a && !validDay(values.a)) errors.a = "messages.filter.invalidDate";
  if (!errors.da && !errors.a && values.da && values.a && values.da > values.a) {
    errors.da = "messages.filter.fromAfterTo";
    errors.a = "messages.filter.invalidPeriod";
  }
  return { values, errors };
}

/** True when the citizen narrowed the list (the empty text differs). */
export function isFiltered(values: ListValues): boolean {
  return Boolean(values.da || values.a || values.servizio || values.stato);
}

/**
 * The store queries of the list shown: its first `pagina × PAGE_SIZE` messages ("Vedi altre notifiche" adds to the
 * list, it does not replace it), in calls of at most `STORE_LIMIT`. Dates with an error are left out; days are
 * Europe/Rome days.
 */
export function toStoreQueries(
  values: ListValues,
  errors: ListErrors,
  codiceEnte: string,
): MessageListQuery[] {
  const first = toStoreQuery(values, errors, codiceEnte);
  const wanted = values.pagina * PAGE_SIZE;
  const queries: MessageListQuery[] = [];
  for (let offset = 0; offset < wanted; offset += STORE_LIMIT) {
    queries.push({ ...first, offset, limit: Math.min(STORE_LIMIT, wanted - offset) });
  }
  return queries;
}

/** The store query of one page; dates with an error are left out. Days are Europe/Rome days. */
export function toStoreQuery(values: ListValues, errors: ListErrors, codiceEnte: string): MessageListQuery {
  const filter: MessageFilter = { tag: municipalityTag(codiceEnte) };
  if (values.servizio) filter.sender = { eq: values.servizio };
  const gte = values.da && !errors.da ? parseRomeDateTime(`${values.da} 00:00`).toISOString() : undefined;
  const lte = values.a && !errors.a ? parseRomeDateTime(`${values.a} 23:59:59`).toISOString() : undefined;
  if (gte || lte) filter.timestamp = { ...(gte ? { gte } : {}), ...(lte ? { lte } : {}) };
  if (values.stato) filter.read_at = { null: values.stato === "non-letti" };
  return {
    filter,
    limit: PAGE_SIZE,
    offset: (values.pagina - 1) * PAGE_SIZE,
    sort: values.ordine === "recenti" ? "-timestamp" : "+timestamp",
  };
}

/** The address parameters of a list page (defaults left out), for links to other pages of the same list. */
export function listParams(values: ListValues, pagina: number): Record<string, string | number | undefined> {
  return {
    da: values.da || undefined,
    a: values.a || undefined,
    servizio: values.servizio || undefined,
    stato: values.stato || undefined,
    ordine: values.ordine === "recenti" ? undefined : values.ordine,
    pagina: pagina > 1 ? pagina : undefined,
  };
}
