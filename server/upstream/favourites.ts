import { z } from "zod";
import { FavouriteIdsSchema, type FavouritesApi } from "#shared/api/favourites.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";

const SERVICE = "preferenze";

/** Favourite services (contract §11) of the logged-in citizen on this municipality. */
export function createFavouritesApi(ctx: UpstreamRequestContext): FavouritesApi {
  return {
    async list() {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: "api/preferenze",
        schema: FavouriteIdsSchema,
      });
      return data;
    },
    async add(serviceId) {
      await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: `api/preferenze/${serviceId}`,
        schema: z.unknown(),
      });
    },
    async remove(serviceId) {
      await callUpstream(ctx, {
        service: SERVICE,
        method: "DELETE",
        path: `api/preferenze/${serviceId}`,
        schema: z.unknown(),
      });
    },
  };
}
