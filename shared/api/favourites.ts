import { z } from "zod";

/**
 * `GET /api/preferenze` (contract §11): the citizen's favourite service ids on this municipality. The BFF sends
 * the literal text `"[]"` when there are none, so a JSON text is parsed too; ids may arrive as numeric strings.
 */
export const FavouriteIdsSchema = z.preprocess((value) => {
  if (value === null || value === "") return [];
  if (typeof value === "string") {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}, z.array(z.coerce.number().int()));

export interface FavouritesApi {
  /** The favourite service ids (numbers; the configuration's service ids are strings: compare with `String(id)`). */
  list(): Promise<number[]>;
  /** `POST /api/preferenze/{id}`: 400 when already a favourite. */
  add(serviceId: number): Promise<void>;
  /** `DELETE /api/preferenze/{id}`: 400 when it was not a favourite. */
  remove(serviceId: number): Promise<void>;
}
