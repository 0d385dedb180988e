import { z } from "zod";
import { defineFlow } from "#client/lib/flow.server.ts";
import { DISRUPTION_DETAILS_MAX_LENGTH, DISRUPTION_TITLE_MAX_LENGTH } from "#shared/api/disruption.ts";
import { DISRUPTION_STEPS, type DisruptionStep } from "./steps.ts";

/*
 * What the disruption report remembers between steps, defined with the flow primitive (client/lib/flow.server.ts): a
 * sealed HttpOnly cookie (`flowDisruption` in shared/portal-cookies.ts), read back through this schema (a state failing it is treated as
 * tampered). The attached files
 * are NOT here: they wait in the server's short-lived store (upload-store.server.ts) under `uploadId`.
 */

/** A report is good for a day from its first step. */
export const DISRUPTION_FLOW_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const FlowIdSchema = z.string().regex(/^[\w-]{16,64}$/);

export const FlowPlaceSchema = z
  .object({
    address: z.string().min(1).max(300),
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
  })
  .strict();
export type FlowPlace = z.infer<typeof FlowPlaceSchema>;

export const DisruptionStateSchema = z
  .object({
    v: z.literal(1),
    /** One per report: the attempt key of its creation (client/lib/write-once.server.ts: it is sent at most once). */
    id: FlowIdSchema,
    started: z.number().int().nonnegative(),
    accepted: z.boolean().optional(),
    /** The text typed in "Cerca un luogo". */
    query: z.string().max(300).optional(),
    place: FlowPlaceSchema.optional(),
    categoryId: z.number().int().optional(),
    title: z.string().max(DISRUPTION_TITLE_MAX_LENGTH).optional(),
    details: z.string().max(DISRUPTION_DETAILS_MAX_LENGTH).optional(),
    email: z.string().max(254).optional(),
    /** The key of this report's files in the server-side upload store. */
    uploadId: FlowIdSchema,
    /** The ids of the files attached (what the summary lists): "Invia" stops when one is gone from the store. */
    fileIds: z
      .array(z.string().regex(/^[\w-]{1,64}$/))
      .max(10)
      .optional(),
    /** Set once sent: the outcome page shows it, a second "Invia" goes there. */
    sent: z
      .object({ id: z.number().int(), number: z.string().max(40) })
      .strict()
      .optional(),
  })
  .strict();
export type DisruptionState = z.infer<typeof DisruptionStateSchema>;

export function createDisruptionState(
  now: number = Date.now(),
  id: string = crypto.randomUUID(),
  uploadId: string = crypto.randomUUID(),
): DisruptionState {
  return { v: 1, id, started: now, uploadId };
}

/** The data step is complete: place, category, title, details and e-mail. */
export function isDataComplete(state: DisruptionState): boolean {
  return Boolean(
    state.place && state.categoryId !== undefined && state.title && state.details && state.email,
  );
}

/** The report's flow: the authorisations, then the data, then the summary; a day from its first step. */
export const disruptionFlow = defineFlow<DisruptionState, DisruptionStep>({
  cookie: "flowDisruption",
  schema: DisruptionStateSchema,
  steps: DISRUPTION_STEPS,
  isComplete: (step, state) => (step === "autorizzazioni" ? Boolean(state.accepted) : isDataComplete(state)),
  expiry: { startedAt: (state) => state.started, maxAgeMs: DISRUPTION_FLOW_MAX_AGE_MS },
});
