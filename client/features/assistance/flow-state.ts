import { z } from "zod";
import { defineFlowCookie } from "#client/lib/flow.server.ts";

/*
 * The anonymous request between the form and its e-mail code, in a sealed HttpOnly cookie (`services.flow`): only a
 * reference to the server-side store (the request itself, attachment included, never rides in the cookie), the
 * e-mail and fiscal code the code is asked for, and whether it was sent. `/feedback` reads the e-mail to show from
 * its own flow, never from the address bar. Both are flow cookies of the flow primitive (client/lib/flow.server.ts):
 * the verification step is shown only with this state (the form comes first), so there is no step order to guard.
 */

export const AssistFlowSchema = z
  .object({
    v: z.literal(1),
    ref: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    email: z.string().max(254),
    cf: z.string().max(16),
    sent: z.boolean(),
  })
  .strict();
export type AssistFlow = z.infer<typeof AssistFlowSchema>;

export const FeedbackFlowSchema = z.object({ v: z.literal(1), email: z.string().max(254) }).strict();

/** The request waiting for its e-mail code; a tampered or malformed state counts as none. */
export const assistFlow = defineFlowCookie("flowAssistance", AssistFlowSchema);
/** The e-mail the `/feedback` page names after an anonymous request. */
export const feedbackFlow = defineFlowCookie("flowAssistanceFeedback", FeedbackFlowSchema);
