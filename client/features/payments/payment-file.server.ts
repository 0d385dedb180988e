import { redirect, type RouterContextProvider } from "react-router";
import { IUV_PATTERN } from "#shared/api/ppay.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { paymentsIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { ppayOf, ppaySubjectOf } from "#client/lib/acting-for/index.server.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { answerDownload, downloadRefusal, fileResponse } from "#client/lib/download.server.ts";

type Args = {
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
  request: Request;
};

/** A payment PDF (receipt or notice) as a download named e.g. "ricevuta-{IUV}.pdf". */
export function pdfResponse(bytes: Uint8Array, fileName: string): Response {
  return fileResponse(bytes, { name: fileName, type: "application/pdf" });
}

/**
 * `/area-personale/pagamenti/:iuv/ricevuta|avviso`: the receipt or the payment notice of one of the logged-in
 * citizen's debt positions, asked with the citizen's own fiscal code (another citizen's IUV is the upstream's 404).
 * Anonymous visitors go to the login and come back here.
 */
export async function loadPaymentFile({ context, params, request }: Args, kind: "receipt" | "notice") {
  const notFound = serverT(context, paymentsIt)("payments.file.notFound");
  const { api } = getServices(context);
  const user = await api.getCurrentUser();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(upstreamLoginHref(currentPathHref(url.pathname, url.search)));
  }
  const iuv = params.iuv ?? "";
  if (!IUV_PATTERN.test(iuv)) return downloadRefusal(context, 404, notFound);
  return answerDownload(context, { notFound }, async () => {
    // Acting for a delegator (issue #28): the delegator's file, of the delegated payment type only; or the citizen's.
    const ppay = ppayOf(context, await ppaySubjectOf(context, user.codFisc, iuv));
    const bytes = kind === "receipt" ? await ppay.receipt(iuv) : await ppay.notice(iuv);
    return pdfResponse(bytes, `${kind === "receipt" ? "ricevuta" : "avviso-pagamento"}-${iuv}.pdf`);
  });
}
