import { z } from "zod";
import { defineFlow, defineFlowCookie, type FlowCookie, type FlowCookies } from "#client/lib/flow.server.ts";
import { NOTIFY_CHANNELS } from "#shared/api/notify.ts";
import { WIZARD_STEPS, type WizardStep } from "./steps.ts";

/*
 * What the profile wizard and the contact changes remember between requests: sealed HttpOnly cookies of the flow
 * primitive (client/lib/flow.server.ts). "Verified" is only ever written by the server after the upstream said "OTP valido" for exactly
 * that address; everything read back is checked again with these schemas and must belong to the citizen logged in.
 */

const EmailSchema = z.string().max(254);
/** The digits after "+39". */
const PhoneSchema = z.string().regex(/^\d{9,10}$/);

export const PendingOtpSchema = z
  .object({
    kind: z.enum(["EMAIL", "SMS"]),
    /** The e-mail, or the phone digits (after "+39"). */
    contact: z.string().max(254),
    ticket: z.string().max(64),
    expires: z.string().max(40),
    /**
     * The key of this pending verification in the server's code guard (`client/lib/otp-guard.server.ts`): its wrong
     * tries and resends are counted there, bound to this contact, so a replayed cookie brings back no old counter.
     */
    ref: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional(),
  })
  .strict();
export type PendingOtp = z.infer<typeof PendingOtpSchema>;

const PreferencesSchema = z.record(z.string().max(100), z.array(z.enum(NOTIFY_CHANNELS)));

export const WizardStateSchema = z
  .object({
    v: z.literal(1),
    cf: z.string().max(16),
    accepted: z.boolean(),
    email: EmailSchema.optional(),
    phone: PhoneSchema.optional(),
    verifiedEmail: EmailSchema.optional(),
    verifiedPhone: PhoneSchema.optional(),
    pending: PendingOtpSchema.optional(),
    preferences: PreferencesSchema.optional(),
  })
  .strict();
export type WizardState = z.infer<typeof WizardStateSchema>;

export const ContactStateSchema = z
  .object({ v: z.literal(1), cf: z.string().max(16), pending: PendingOtpSchema })
  .strict();
export type ContactState = z.infer<typeof ContactStateSchema>;

/** The flow's state when it is sound and the citizen's own; undefined otherwise (a new flow starts). */
export function readOwnState<T extends { cf: string }>(
  cookie: FlowCookie<T>,
  cookies: FlowCookies,
  cf: string,
): T | undefined {
  const { state } = cookie.read(cookies);
  return state?.cf === cf ? state : undefined;
}

export function newWizardState(cf: string): WizardState {
  return { v: 1, cf, accepted: false };
}

/** The contacts step is done when the e-mail (and the phone, if any) typed are the ones verified. */
export function areContactsVerified(state: WizardState): boolean {
  if (!state.email || state.email !== state.verifiedEmail) return false;
  return !state.phone || state.phone === state.verifiedPhone;
}

function isStepDone(step: WizardStep, state: WizardState): boolean {
  switch (step) {
    case "informativa":
      return state.accepted;
    case "contatti":
      return areContactsVerified(state);
    case "preferenze":
      return state.preferences !== undefined;
    case "riepilogo":
      return false;
  }
}

/** The wizard: a step not yet reachable (or a bare address) shows the first one still to do. */
export const wizardFlow = defineFlow<WizardState, WizardStep>({
  cookie: "flowProfileWizard",
  schema: WizardStateSchema,
  steps: WIZARD_STEPS,
  isComplete: isStepDone,
});

/** A contact change waiting for its code (the profile page). */
export const contactFlow = defineFlowCookie("flowProfileContact", ContactStateSchema);

/** What still needs a code: the e-mail first, then the phone; null when both are verified. */
export function nextToVerify(state: WizardState): { kind: "EMAIL" | "SMS"; contact: string } | null {
  if (state.email && state.email !== state.verifiedEmail) return { kind: "EMAIL", contact: state.email };
  if (state.phone && state.phone !== state.verifiedPhone) return { kind: "SMS", contact: state.phone };
  return null;
}

/** The state after the upstream accepted the code of `pending`. */
export function withVerified(state: WizardState, pending: PendingOtp): WizardState {
  const { pending: _pending, ...rest } = state;
  return pending.kind === "EMAIL"
    ? { ...rest, verifiedEmail: pending.contact }
    : { ...rest, verifiedPhone: pending.contact };
}
