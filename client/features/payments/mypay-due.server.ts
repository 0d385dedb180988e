import { redirect, type RouterContextProvider } from "react-router";
import type { MypayPosizione } from "#shared/api/mypay.ts";
import { routeError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { mypayPaymentStatus } from "./outcome.ts";
import { answerDownload, downloadRefusal } from "#client/lib/download.server.ts";
import { pdfResponse } from "./payment-file.server.ts";
import { paymentsIt } from "./texts.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * One of the logged-in citizen's OWN MYPAY dues (`posizioni/{cf}` with the session's fiscal code), or null: an IUV of
 * another citizen, or none at all, is never looked up elsewhere.
 */
async function ownDue(context: Context, iuv: string): Promise<MypayPosizione | null> {
  if (!/^\d{17}$/.test(iuv)) return null;
  const user = await getCitizen(context);
  return (await getServices(context).api.mypay.posizioni(user.codFisc)).find((d) => d.iuv === iuv) ?? null;
}

/**
 * "Paga ora" of a MYPAY due (`POST /area-personale/dovuti/:iuv/paga`): the citizen's own due to pay goes to the pagoPA
 * checkout (303); another citizen's due or an unknown IUV is a 404, a due no longer to pay a 409.
 */
export async function payMypayDue(context: Context, request: Request, iuv: string): Promise<never> {
  const t = serverT(context, paymentsIt);
  const due = await ownDue(context, iuv);
  if (!due) throw routeError(404, { title: t("payments.due.notFound") });
  if (mypayPaymentStatus(due.stato) !== "unpaid")
    throw routeError(409, { title: t("payments.due.notPayable") });
  const user = await getCitizen(context);
  const { urlPagamento } = await getServices(context).api.mypay.pagaDovuto(user.codFisc, due.iuv);
  throw redirect(urlPagamento, 303);
}

/** `GET /area-personale/dovuti/:iuv/avviso`: the notice PDF of the citizen's own due to pay, else a 404 text. */
export async function mypayDueNotice(context: Context, iuv: string): Promise<Response> {
  const notFound = serverT(context, paymentsIt)("payments.file.notFound");
  return answerDownload(context, { notFound, missing: [404, 422] }, async () => {
    const due = await ownDue(context, iuv);
    if (!due || mypayPaymentStatus(due.stato) !== "unpaid") return downloadRefusal(context, 404, notFound);
    const { codiceAvviso, pdf } = await getServices(context).api.mypay.avvisoDovuto(
      (await getCitizen(context)).codFisc,
      due.iuv,
    );
    return pdfResponse(pdf, `avviso-pagamento-${codiceAvviso}.pdf`);
  });
}

/** `GET /area-personale/dovuti/:iuv/ricevuta`: the receipt PDF of the citizen's own paid due, else a 404 text. */
export async function mypayDueReceipt(context: Context, iuv: string): Promise<Response> {
  const notFound = serverT(context, paymentsIt)("payments.file.notFound");
  return answerDownload(context, { notFound, missing: [404, 422] }, async () => {
    const due = await ownDue(context, iuv);
    if (!due || mypayPaymentStatus(due.stato) !== "paid") return downloadRefusal(context, 404, notFound);
    const pdf = await getServices(context).api.mypay.ricevutaDovuto(
      (await getCitizen(context)).codFisc,
      due.iuv,
    );
    return pdfResponse(pdf, `ricevuta-${due.iuv}.pdf`);
  });
}
