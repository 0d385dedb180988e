import type { Servizio } from "#shared/api/tenant-config.ts";

/** Longest search text the services tab takes. */
export const SERVICES_QUERY_MAX = 100;

/** A service of the municipality's configuration as the personal area lists it. */
export type PersonalService = {
  id: string;
  /** The numeric id favourites use, or null when the configuration's id is not a number (cannot be a favourite). */
  favouriteId: number | null;
  title: string;
  description: string;
  category: string | null;
  favourite: boolean;
};

/** Lower case without accents, for a search that forgives "identita" for "identità". */
export function searchable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLocaleLowerCase("it")
    .replace(/\s+/g, " ")
    .trim();
}

function favouriteIdOf(id: string): number | null {
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
}

/**
 * The municipality's services matching `query` (by name), favourites first, each side in the configuration's
 * order. `favouriteIds` are the upstream's numbers; the configuration's ids are strings.
 */
export function personalServices(
  servizi: readonly Servizio[],
  favouriteIds: readonly number[],
  query = "",
): PersonalService[] {
  const wanted = searchable(query);
  const favourites = new Set(favouriteIds);
  const seen = new Set<string>();
  const list = servizi
    .filter((s) => (seen.has(s.id) ? false : (seen.add(s.id), true)))
    .filter((s) => wanted === "" || searchable(s.nome).includes(wanted))
    .map((s) => {
      const favouriteId = favouriteIdOf(s.id);
      return {
        id: s.id,
        favouriteId,
        title: s.nome,
        description: s.descrizione,
        category: s.categorie[0] ?? null,
        favourite: favouriteId !== null && favourites.has(favouriteId),
      };
    });
  return [...list.filter((s) => s.favourite), ...list.filter((s) => !s.favourite)];
}
