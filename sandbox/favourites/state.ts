/** Favourite services (contract §11): municipality id → citizen fiscal code → service ids, in the order added. */
export type FavouritesState = Record<string, Record<string, number[]>>;

const ANNA = "SPSNNA75T48F839X";

export function seedFavourites(): FavouritesState {
  return {
    "comune-a": { [ANNA]: [101, 104] },
    "comune-b": { [ANNA]: [202] },
  };
}
