import { z } from "zod";
import { defineFlow, defineFlowCookie } from "#client/lib/flow.server.ts";
import { ONLINE_STEPS, type OnlineStep } from "./steps.ts";

/*
 * The new online delegation (issue #28) on the flow primitive (client/lib/flow.server.ts, docs/decisions/flows.md):
 * the delegate, then the services with the end date and the policy, then the summary. A day from its first step.
 */

export const ONLINE_FLOW_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const OnlineStateSchema = z
  .object({
    v: z.literal(1),
    started: z.number().int().nonnegative(),
    delegato: z
      .object({
        codiceFiscale: z.string().regex(/^[A-Z0-9]{16}$/),
        nome: z.string().min(1).max(100),
        cognome: z.string().min(1).max(100),
      })
      .strict()
      .optional(),
    servizi: z
      .array(z.string().regex(/^\d{1,9}$/))
      .max(50)
      .optional(),
    scadenza: z.iso.date().optional(),
    accepted: z.boolean().optional(),
  })
  .strict();
export type OnlineState = z.infer<typeof OnlineStateSchema>;

export function createOnlineState(now: number = Date.now()): OnlineState {
  return { v: 1, started: now };
}

export const onlineFlow = defineFlow<OnlineState, OnlineStep>({
  cookie: "flowDelegheOnline",
  schema: OnlineStateSchema,
  steps: ONLINE_STEPS,
  isComplete: (step, state) =>
    step === "delegato"
      ? Boolean(state.delegato)
      : Boolean(state.servizi?.length && state.scadenza && state.accepted),
  expiry: { startedAt: (state) => state.started, maxAgeMs: ONLINE_FLOW_MAX_AGE_MS },
});

/** What the success page names: the delegate, once the delegation is created. */
export const onlineSentCookie = defineFlowCookie(
  "flowDelegheSent",
  z.object({ nome: z.string().max(100), cognome: z.string().max(100) }).strict(),
);
