import { z } from "zod";

export const FEEDBACK_OPTIONS = [
  "positivo1",
  "positivo2",
  "positivo3",
  "positivo4",
  "negativo1",
  "negativo2",
  "negativo3",
  "negativo4",
  "altro",
] as const;

/** Body of `POST /api-public/feedback`. `bind` is the honeypot: a filled one is accepted and not stored. */
export const FeedbackInputSchema = z.object({
  pagePath: z.string().max(2000).optional(),
  pageTitle: z.string().max(300).nullish(),
  serviceID: z.number().int().nullish(),
  rating: z.number().int().min(1).max(5),
  option: z.enum(FEEDBACK_OPTIONS),
  details: z.string().max(200),
  bind: z.string().nullish(),
});
export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;

export interface FeedbackApi {
  send(input: FeedbackInput): Promise<void>;
}
