import { z } from "zod";
import { defineFlow, defineFlowCookie } from "#client/lib/flow.server.ts";
import { DOCUMENT_SLOTS } from "#shared/api/deleghe.ts";
import { ONLINE_STEPS, REQUEST_STEPS, type OnlineStep, type RequestStep } from "./steps.ts";

/*
 * The new online delegation (issue #28) on the flow primitive (client/lib/flow.server.ts, docs/decisions/flows.md):
 * the delegate, then the services with the end date and the policy, then the summary. A day from its first step.
 */

export const ONLINE_FLOW_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The other person of a new delegation: the delegate (online) or the delegator (request). */
const PersonStateSchema = z
  .object({
    codiceFiscale: z.string().regex(/^[A-Z0-9]{16}$/),
    nome: z.string().min(1).max(100),
    cognome: z.string().min(1).max(100),
  })
  .strict();
export type PersonState = z.infer<typeof PersonStateSchema>;

/** What the online delegation and the request share: the services, the end date, the policy accepted. */
const servicesState = {
  servizi: z
    .array(z.string().regex(/^\d{1,9}$/))
    .max(50)
    .optional(),
  scadenza: z.iso.date().optional(),
  accepted: z.boolean().optional(),
};
export type ServicesState = { servizi?: string[]; scadenza?: string; accepted?: boolean };

const servicesComplete = (state: ServicesState) =>
  Boolean(state.servizi?.length && state.scadenza && state.accepted);

export const OnlineStateSchema = z
  .object({
    v: z.literal(1),
    started: z.number().int().nonnegative(),
    delegato: PersonStateSchema.optional(),
    ...servicesState,
    /** The summary's attempt key (`ensureAttempt`): the final submit is sent at most once (delega-writes.server.ts). */
    attempt: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .optional(),
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
  isComplete: (step, state) => (step === "delegato" ? Boolean(state.delegato) : servicesComplete(state)),
  expiry: { startedAt: (state) => state.started, maxAgeMs: ONLINE_FLOW_MAX_AGE_MS },
});

/**
 * What a success page names (the other person), and which summary was sent (`FlowRoute.sentVersion`: a second
 * "Invia" of it finds this page, not a new flow).
 */
const SentSchema = z
  .object({
    nome: z.string().max(100),
    cognome: z.string().max(100),
    versione: z.string().max(64).optional(),
  })
  .strict();

/** What the success page names: the delegate, once the delegation is created. */
export const onlineSentCookie = defineFlowCookie("flowDelegheSent", SentSchema);

/** A document held for the request: its name, checked type and size (the bytes wait in request-store.server.ts). */
const HeldDocumentSchema = z
  .object({
    nome: z.string().min(1).max(200),
    tipo: z.enum(["application/pdf", "image/png", "image/jpeg"]),
    dimensione: z.number().int().positive(),
  })
  .strict();
export type HeldDocument = z.infer<typeof HeldDocumentSchema>;

/*
 * The request with the three documents (issue #28): the delegator, the services with the end date and the policy,
 * the documents, the summary. The documents' bytes are NOT in the cookie: they wait in the portal's short-lived
 * store under the flow's random `uploadId`; the cookie says which slots hold one (name, type, size).
 */
export const RequestStateSchema = z
  .object({
    v: z.literal(1),
    started: z.number().int().nonnegative(),
    uploadId: z.string().regex(/^[\w-]{16,64}$/),
    delegante: PersonStateSchema.optional(),
    ...servicesState,
    documenti: z.partialRecord(z.enum(DOCUMENT_SLOTS), HeldDocumentSchema).optional(),
    /** The summary's attempt key (`ensureAttempt`): the final submit is sent at most once (delega-writes.server.ts). */
    attempt: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .optional(),
  })
  .strict();
export type RequestState = z.infer<typeof RequestStateSchema>;

export function createRequestState(now: number = Date.now()): RequestState {
  return { v: 1, started: now, uploadId: crypto.randomUUID() };
}

export const documentsComplete = (state: RequestState) =>
  DOCUMENT_SLOTS.every((slot) => Boolean(state.documenti?.[slot]));

export const requestFlow = defineFlow<RequestState, RequestStep>({
  cookie: "flowDelegheRequest",
  schema: RequestStateSchema,
  steps: REQUEST_STEPS,
  isComplete: (step, state) =>
    step === "delegante"
      ? Boolean(state.delegante)
      : step === "servizi"
        ? servicesComplete(state)
        : documentsComplete(state),
  expiry: { startedAt: (state) => state.started, maxAgeMs: ONLINE_FLOW_MAX_AGE_MS },
});

/** What the request's success page names: the delegator. */
export const requestSentCookie = defineFlowCookie("flowDelegheRequestSent", SentSchema);
