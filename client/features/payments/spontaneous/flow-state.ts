import { z } from "zod";
import { defineFlow, defineFlowCookie } from "#client/lib/flow.server.ts";
import { SPONTANEOUS_STEPS, type SpontaneousStep } from "./steps.ts";

/*
 * What the spontaneous payment stepper remembers between steps, defined with the flow primitive
 * (client/lib/flow.server.ts): a sealed HttpOnly cookie per system ("spont-ppay" / "spont-mypay"); the current step
 * lives in the URL (`?passo=`). Read back through this schema: a state that fails it is treated as absent (the flow
 * starts over).
 */

export type SpontaneousMode = "online" | "notice";
export type SystemSegment = "ppay" | "mypay";

/** Each system's flow cookie in shared/portal-cookies.ts. */
const FLOW_COOKIES = { ppay: "flowSpontaneousPpay", mypay: "flowSpontaneousMypay" } as const;

const Code = z.string().min(1).max(64);

export const PayerSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("F"),
      firstName: z.string().max(100),
      lastName: z.string().max(100),
      taxCode: z.string().max(16),
      email: z.string().max(254),
    })
    .strict(),
  z
    .object({
      kind: z.literal("G"),
      companyName: z.string().max(200),
      taxCode: z.string().max(16),
      email: z.string().max(254),
    })
    .strict(),
]);

export const SpontaneousStateSchema = z
  .object({
    v: z.literal(1),
    privacy: z.literal(true).optional(),
    type: z
      .object({ code: Code, label: z.string().max(200), maxCents: z.number().int().positive().optional() })
      .strict()
      .optional(),
    note: z.string().max(500).optional(),
    payer: PayerSchema.optional(),
    /** The "Non dispongo di un identificativo fiscale italiano" box was ticked. */
    noTaxId: z.boolean().optional(),
    amountCents: z.number().int().positive().optional(),
    /** The idempotency key of the current attempt: created when the summary renders, dropped on any change. */
    attempt: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .optional(),
  })
  .strict();
export type SpontaneousState = z.infer<typeof SpontaneousStateSchema>;

export const NoticeStateSchema = z
  .object({
    v: z.literal(1),
    /** The PDF's key in the notices store; empty when there was no room for it (the page names the code only). */
    token: z.string().regex(/^([\w-]{32,64})?$/),
    codiceAvviso: z.string().max(35),
    amountCents: z.number().int().positive(),
    system: z.enum(["ppay", "mypay"]),
  })
  .strict();
export type NoticeState = z.infer<typeof NoticeStateSchema>;

/**
 * The last payment this browser sent to pagoPA (`pay-outcome`): the outcome page shows the state of THIS IUV (and
 * its receipt) to the payer, anonymous included; never the state of an IUV named only by the address.
 */
export const PaidStateSchema = z
  .object({
    v: z.literal(1),
    system: z.enum(["ppay", "mypay"]),
    iuv: z.string().regex(/^\d{17,35}$/),
    taxCode: z.string().min(1).max(16),
  })
  .strict();
export type PaidState = z.infer<typeof PaidStateSchema>;

/** The stepper's flow for a system: a step is complete when its part of the state is there. */
function defineSpontaneousFlow(system: SystemSegment) {
  return defineFlow<SpontaneousState, SpontaneousStep>({
    cookie: FLOW_COOKIES[system],
    schema: SpontaneousStateSchema,
    steps: SPONTANEOUS_STEPS,
    isComplete: (step, state) =>
      step === "privacy"
        ? Boolean(state.privacy)
        : step === "tipologia"
          ? Boolean(state.type)
          : step === "dati"
            ? Boolean(state.payer)
            : Boolean(state.amountCents),
  });
}

export const spontaneousFlows = {
  ppay: defineSpontaneousFlow("ppay"),
  mypay: defineSpontaneousFlow("mypay"),
};

/** The last generated notice, beside the flow. */
export const noticeCookie = defineFlowCookie("flowPaymentNotice", NoticeStateSchema);
/** The last payment sent to pagoPA, beside the flow. */
export const paidCookie = defineFlowCookie("flowPaymentOutcome", PaidStateSchema);
