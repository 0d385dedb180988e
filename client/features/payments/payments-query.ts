import type { PositionView } from "./position-view.ts";

export const PAYMENTS_PAGE = 5;
const MAX_SHOWN = 100;

/** The query words of the "Pagamenti" section (Italian, as the citizen sees them in the address). */
export type PaymentsQuery = { stato: "tutti" | "pagato" | "da-pagare"; pagamenti: number };

export function readPaymentsQuery(url: URL): PaymentsQuery {
  const stato = url.searchParams.get("stato-pagamento");
  const count = Number.parseInt(url.searchParams.get("pagamenti") ?? "", 10);
  return {
    stato: stato === "pagato" || stato === "da-pagare" ? stato : "tutti",
    pagamenti: Number.isInteger(count) && count > 0 ? Math.min(count, MAX_SHOWN) : PAYMENTS_PAGE,
  };
}

export type PaymentActivities = { status: "ok"; items: PositionView[]; total: number } | { status: "failed" };
