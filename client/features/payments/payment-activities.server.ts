import type { RouterContextProvider } from "react-router";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { getServices } from "#client/lib/services.ts";
import { isPayerWritten, ppaySpontaneousCodes } from "./payer-written.server.ts";
import { toPositionView } from "./position-view.ts";
import type { PaymentActivities, PaymentsQuery } from "./payments-query.ts";

/**
 * The citizen's debt positions for the personal area's "Pagamenti" (sorted by IUV descending, the first
 * `pagamenti`); an upstream failure is `failed` so the rest of the page renders.
 */
export async function loadPaymentActivities(
  context: Readonly<RouterContextProvider>,
  codFisc: string,
  query: PaymentsQuery,
): Promise<PaymentActivities> {
  try {
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
    return { status: "ok", items, total: page.totalElements };
  } catch (error) {
    if (isUpstreamFailure(error)) return { status: "failed" };
    throw error;
  }
}
