import { z } from "zod";
import { defineFlowCookie } from "#client/lib/flow.server.ts";
import type { RequestValues } from "./request-model.ts";

/*
 * The anonymous request between the form and its e-mail code, in a sealed HttpOnly cookie (`services.flow`): what was
 * typed (`values`; the attachment only by its reference to the server-side store, the bytes never ride in the
 * cookie), the key of the one-time code guard's counters (`ref`), the ticket's idempotency key and whether a code was
 * sent. The request is built again from the values when the code is checked. Since issue #36 nothing of it waits in
 * the shared store but its attachment: a flood of unverified requests fills no store, and a store that restarts
 * loses nothing typed (only an attachment, which the code step then asks for again). Values too long for a cookie
 * (a rare alphabet's 600 characters) wait in the store instead (`valuesRef`). `/feedback` reads the e-mail to show
 * from its own flow, never from the address bar. Both are flow cookies of the flow primitive
 * (client/lib/flow.server.ts): the verification step is shown only with this state (the form comes first), so there
 * is no step order to guard.
 */

const key = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const typed = (max: number) => z.string().max(max);

/** What the form posts, as `RequestValues` (lengths bounded as the form's rules bound them, with room for spaces). */
export const RequestValuesSchema = z
  .object({
    nome: typed(200),
    cognome: typed(200),
    codiceFiscale: typed(16),
    email: typed(254),
    telefono: typed(20),
    servizio: typed(12),
    tipologia: typed(12),
    dettagli: typed(1200),
    privacy: typed(10),
    allegatoRef: typed(43),
    allegatoNome: typed(255),
    idBozza: typed(12),
    chiaveInvio: typed(43),
  })
  .strict() satisfies z.ZodType<RequestValues>;

export const AssistFlowSchema = z
  .object({
    v: z.literal(2),
    /** The one-time code guard's key for this request (client/lib/otp-guard.server.ts). */
    ref: key,
    /** What was typed; absent when it waits in the store (`valuesRef`). */
    values: RequestValuesSchema.optional(),
    valuesRef: key.optional(),
    /** The ticket's idempotency key: a retry of the code step sends it again, a new request never does. */
    ticketKey: key,
    sent: z.boolean(),
  })
  .strict()
  .refine((state) => (state.values === undefined) !== (state.valuesRef === undefined));
export type AssistFlow = z.infer<typeof AssistFlowSchema>;

export const FeedbackFlowSchema = z
  .object({
    v: z.literal(1),
    email: z.string().max(254),
    // Which request it closed (`requestDigest` of its ref) and how: a second "Verifica" of it finds this outcome.
    sent: z.string().max(64).optional(),
    type: z.enum(["ticketNoAuth", "ticketUnsure"]).optional(),
  })
  .strict();

/** The request waiting for its e-mail code; a tampered, malformed or another owner's state counts as none. */
export const assistFlow = defineFlowCookie("flowAssistance", AssistFlowSchema);
/** The e-mail the `/feedback` page names after an anonymous request. */
export const feedbackFlow = defineFlowCookie("flowAssistanceFeedback", FeedbackFlowSchema);
