import type { Delega, DelegaList, DelegaStato } from "#shared/api/deleghe.ts";
import { href, withQuery } from "#client/lib/links.ts";

/** Delegations per page of a list. */
export const DELEGHE_PAGE = 5;

/** The §5 GET filters of a list (empty = not filtered) and its page. */
export type DelegheFilters = {
  servizio: string;
  stato: DelegaStato | "";
  /** Only on "deleganti": the delegator's fiscal code. */
  delegante: string;
  pagina: number;
};

export type DelegheListData = {
  which: DelegaList;
  filters: DelegheFilters;
  delegatorInvalid: boolean;
  /** The delegable services of the municipality (the service filter's options). */
  services: { id: string; titolo: string }[];
  result: { status: "ok"; items: Delega[]; total: number } | { status: "failed" };
  /** The action just done (a notice), from `?fatto=`. */
  done: string | null;
};

const LIST_HREF: Record<DelegaList, string> = {
  delegati: href("/area-personale/deleghe/delegati"),
  deleganti: href("/area-personale/deleghe/deleganti"),
  richieste: href("/area-personale/deleghe/richieste"),
};

/** The list's address with its filters (only the set ones) and page. */
export function listHref(
  which: DelegaList,
  filters: Partial<DelegheFilters> = {},
  extra: Record<string, string> = {},
) {
  const query: Record<string, string> = {};
  if (filters.servizio) query.servizio = filters.servizio;
  if (filters.stato) query.stato = filters.stato;
  if (filters.delegante) query.delegante = filters.delegante;
  if (filters.pagina && filters.pagina > 1) query.pagina = String(filters.pagina);
  return withQuery(LIST_HREF[which], { ...query, ...extra });
}
