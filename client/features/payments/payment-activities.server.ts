import type { RouterContextProvider } from "react-router";
import { isPayable } from "#shared/payments.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { getServices } from "#client/lib/services.ts";
import {
  isMypayPayerWritten,
  isPayerWritten,
  mypaySpontaneousCodes,
  ppaySpontaneousCodes,
} from "./payer-written.server.ts";
import { toPositionView, type PositionView } from "./position-view.ts";
import { mypayPositionView } from "./service-page/payment-service.ts";
import type { PaymentActivities, PaymentsQuery } from "./payments-query.ts";

type Context = Readonly<RouterContextProvider>;

async function ppayItems(context: Context, codFisc: string, query: PaymentsQuery) {
  const [page, spontaneous] = await Promise.all([
    getServices(context).api.ppay.debtPositions(codFisc, {
      currentPage: 1,
      elements: query.pagamenti,
      sort: "-iuv",
      status: query.stato === "pagato" ? "PAYED" : query.stato === "da-pagare" ? "NOT_PAYED" : undefined,
    }),
    ppaySpontaneousCodes(context),
  ]);
  const items = page.debtPositions
    .map((p) => toPositionView(p, undefined, isPayerWritten(spontaneous, p.codiceVersamento)))
    .filter((p) => p !== null);
  return { items, total: page.totalElements };
}

async function mypayItems(context: Context, codFisc: string, query: PaymentsQuery) {
  const [dues, spontaneous] = await Promise.all([
    getServices(context).api.mypay.posizioni(codFisc),
    mypaySpontaneousCodes(context),
  ]);
  const items = dues
    .map((p) => mypayPositionView(p, undefined, isMypayPayerWritten(spontaneous, p)))
    .filter((p) =>
      query.stato === "pagato"
        ? p.status === "paid"
        : query.stato === "da-pagare"
          ? isPayable(p.status)
          : true,
    );
  return { items, total: items.length };
}

const byIuvDesc = (a: PositionView, b: PositionView) => (a.iuv < b.iuv ? 1 : a.iuv > b.iuv ? -1 : 0);

/**
 * The citizen's payments for the personal area's "Pagamenti": PPAY debt positions and, where the municipality has
 * MYPAY, MYPAY dues beside them, sorted by IUV descending, the first `pagamenti`; an upstream failure is `failed` so
 * the rest of the page renders.
 */
export async function loadPaymentActivities(
  context: Context,
  codFisc: string,
  query: PaymentsQuery,
  systems: { ppay: boolean; mypay: boolean } = { ppay: true, mypay: false },
): Promise<PaymentActivities> {
  try {
    const lists = await Promise.all([
      systems.ppay ? ppayItems(context, codFisc, query) : { items: [], total: 0 },
      systems.mypay ? mypayItems(context, codFisc, query) : { items: [], total: 0 },
    ]);
    const items = lists
      .flatMap((l) => l.items)
      .toSorted(byIuvDesc)
      .slice(0, query.pagamenti);
    return { status: "ok", items, total: lists[0].total + lists[1].total };
  } catch (error) {
    if (isUpstreamFailure(error)) return { status: "failed" };
    throw error;
  }
}
