import { z } from "zod";

/** The upstream's error bodies: `{status, title, details}` from the BFF, `{status, error}` from its filters. */
export const UpstreamErrorBodySchema = z
  .object({
    status: z.number().optional(),
    title: z.string().optional(),
    error: z.string().optional(),
    details: z.union([z.array(z.string()), z.string()]).nullish(),
    detail: z.union([z.array(z.string()), z.string()]).nullish(),
  })
  .loose();

export type ErrorBody = { status: number; title: string; details: string[] };

export function errorBody(status: number, title: string, details: string[] = []): ErrorBody {
  return { status, title, details };
}
