import type { MypayStato } from "#shared/api/mypay.ts";
import type { PaymentStatus } from "#shared/payments.ts";
import type { TextKey } from "#client/i18n/i18n-context.tsx";
import type { paymentsIt } from "./texts.ts";

/** What the outcome page says: decided by the upstream's state of the IUV, never by the query string alone. */
export type OutcomeKind =
  | "paid"
  | "waiting"
  | "payerPaid"
  | "payerWaiting"
  | "payerReported"
  | "payerUnverified"
  | "cancelled"
  | "positionCancelled"
  | "notConfirmed"
  | "anonymous"
  | "notFound";

/** The outcomes shown to the browser that paid (from its flow state): the receipt is on the page, not in an area. */
export const PAYER_KINDS: readonly OutcomeKind[] = [
  "payerPaid",
  "payerWaiting",
  "payerReported",
  "payerUnverified",
];

export const OUTCOME_TEXTS: Record<
  OutcomeKind,
  {
    title: TextKey<typeof paymentsIt>;
    text: TextKey<typeof paymentsIt>;
    /** The text while the citizen acts for a delegator (`{nome} {cognome}`): not "in your personal area". */
    textFor?: TextKey<typeof paymentsIt>;
    tone: "success" | "warning" | "danger" | "info";
  }
> = {
  paid: {
    title: "payments.outcome.paid",
    text: "payments.outcome.paidText",
    textFor: "payments.outcome.paidTextFor",
    tone: "success",
  },
  waiting: {
    title: "payments.outcome.waiting",
    text: "payments.outcome.waitingText",
    textFor: "payments.outcome.waitingTextFor",
    tone: "success",
  },
  payerPaid: { title: "payments.outcome.paid", text: "payments.outcome.payerPaidText", tone: "success" },
  payerWaiting: {
    title: "payments.outcome.payerWaiting",
    text: "payments.outcome.payerWaitingText",
    tone: "success",
  },
  payerReported: {
    title: "payments.outcome.payerReported",
    text: "payments.outcome.payerReportedText",
    tone: "info",
  },
  payerUnverified: {
    title: "payments.outcome.payerUnverified",
    text: "payments.outcome.payerUnverifiedText",
    tone: "info",
  },
  cancelled: {
    title: "payments.outcome.cancelled",
    text: "payments.outcome.cancelledText",
    textFor: "payments.outcome.cancelledTextFor",
    tone: "warning",
  },
  positionCancelled: {
    title: "payments.outcome.positionCancelled",
    text: "payments.outcome.positionCancelledText",
    tone: "warning",
  },
  notConfirmed: {
    title: "payments.outcome.notConfirmed",
    text: "payments.outcome.notConfirmedText",
    textFor: "payments.outcome.notConfirmedTextFor",
    tone: "warning",
  },
  anonymous: { title: "payments.outcome.anonymous", text: "payments.outcome.anonymousText", tone: "info" },
  notFound: { title: "payments.outcome.notFound", text: "payments.outcome.notFoundText", tone: "danger" },
};

/**
 * The outcome from the upstream: paid with its receipt → paid; paid without a receipt yet → waiting; cancelled by
 * the municipality → positionCancelled; still unpaid → `codEsito=100` cancelled, anything else (a forged `000` too)
 * notConfirmed.
 */
export function decideOutcome(
  status: PaymentStatus,
  hasReceipt: boolean,
  codEsito: string | null,
): OutcomeKind {
  if (status === "paid") return hasReceipt ? "paid" : "waiting";
  if (status === "cancelled") return "positionCancelled";
  return codEsito === "100" ? "cancelled" : "notConfirmed";
}

/** A MYPAY due's status as the portal's (PAGATO paid, ANNULLATO cancelled, DA_PAGARE unpaid). */
export function mypayPaymentStatus(stato: MypayStato): PaymentStatus {
  return stato === "PAGATO" ? "paid" : stato === "ANNULLATO" ? "cancelled" : "unpaid";
}
