import { z } from "zod";
import type { ServerTextKey } from "#server/texts.ts";

const coordinate = (min: number, max: number) => z.coerce.number().min(min).max(max);

export const SearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    // Keys of the server's texts: the router words them in the page's language.
    .min(3, "server.geocoding.tooShort" satisfies ServerTextKey)
    .max(200, "server.geocoding.tooLong" satisfies ServerTextKey),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});

export const ReverseQuerySchema = z.object({
  lat: coordinate(-90, 90),
  lon: coordinate(-180, 180),
});

export const AddressSchema = z
  .object({
    road: z.string().optional(),
    house_number: z.string().optional(),
    city: z.string().optional(),
    town: z.string().optional(),
    village: z.string().optional(),
    county: z.string().optional(),
    postcode: z.string().optional(),
    country_code: z.string().optional(),
  })
  .loose();

export const PlaceSchema = z
  .object({
    place_id: z.union([z.number(), z.string()]).optional(),
    lat: z.union([z.string(), z.number()]).transform(String),
    lon: z.union([z.string(), z.number()]).transform(String),
    display_name: z.string(),
    address: AddressSchema.default({}),
  })
  .loose()
  .transform((p) => ({ lat: p.lat, lon: p.lon, display_name: p.display_name, address: p.address }));

export const SearchAnswerSchema = z.array(PlaceSchema);
export type Place = z.infer<typeof PlaceSchema>;
