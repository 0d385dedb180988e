import type { DebtPosition } from "#shared/api/ppay.ts";
import { formatDate } from "#shared/dates.ts";
import { isPayable, paymentStatus, type PaymentStatus } from "#shared/payments.ts";
import type { TextKey } from "#client/i18n/i18n-context.tsx";
import type { paymentsIt } from "./texts.ts";

/**
 * One debt position as the pages show it (dates dd/MM/yyyy, status from the code and due date; the amount in euro,
 * formatted where it renders, in the page's language: `formatEuro`).
 */
export type PositionView = {
  /** The payment system that holds the position: its own routes pay it and download its files. */
  system: "ppay" | "mypay";
  iuv: string;
  noticeCode: string;
  description: string | null;
  type: string | null;
  notes: string | null;
  amount: number;
  dueDate: string | null;
  paidOn: string | null;
  transaction: string | null;
  status: PaymentStatus;
  statusLabel: TextKey<typeof paymentsIt>;
  payable: boolean;
  hasReceipt: boolean;
  /**
   * A position of a spontaneous payment type: anyone may have created it naming the citizen's tax code, so the
   * page shows the type's official description, never the free text, and says so.
   */
  payerWritten: boolean;
};

export const STATUS_LABELS: Record<PaymentStatus, TextKey<typeof paymentsIt>> = {
  paid: "payments.status.paid",
  unpaid: "payments.status.unpaid",
  expired: "payments.status.expired",
  cancelled: "payments.status.cancelled",
  unknown: "payments.status.unknown",
};

const day = (iso: string | null | undefined) => (iso ? formatDate(iso, "dd/MM/yyyy", "it") : null);

/**
 * `payerWritten` (see payer-written.server.ts): the title is the type's official description (`descrizionePortale`),
 * and the payer's free texts (`descrizionePagamento`, `infoAggiuntive`) are not shown at all.
 */
export function toPositionView(
  position: DebtPosition,
  today?: string,
  payerWritten = false,
): PositionView | null {
  if (!position.iuv) return null;
  const status = paymentStatus(position.codiceStatoPagamento, position.dataScadenza, today);
  return {
    system: "ppay",
    iuv: position.iuv,
    noticeCode: position.codiceAvviso,
    description: payerWritten
      ? (position.descrizionePortale ?? null)
      : (position.descrizionePagamento ?? null),
    type: position.descrizionePortale ?? null,
    notes: payerWritten ? null : (position.infoAggiuntive ?? null),
    amount: position.importo,
    dueDate: day(position.dataScadenza),
    paidOn: status === "paid" ? day(position.dataEsitoPagamento) : null,
    transaction: status === "paid" ? (position.numeroTransazione ?? null) : null,
    status,
    statusLabel: STATUS_LABELS[status],
    payable: isPayable(status),
    hasReceipt: status === "paid" && position.presenzaQuietanza === true,
    payerWritten,
  };
}
