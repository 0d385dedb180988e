import { redirect, type RouterContextProvider } from "react-router";
import { IUV_PATTERN } from "#shared/api/ppay.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { readRouteError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { paymentsIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { notFound, pdfResponse } from "#client/lib/download.server.ts";

type Args = {
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
  request: Request;
};

// The download answers live in client/lib/download.server.ts (the instances' receipts use them too); re-exported
// for this feature's modules.
export { notFound, pdfResponse };

/**
 * `/area-personale/pagamenti/:iuv/ricevuta|avviso`: the receipt or the payment notice of one of the logged-in
 * citizen's debt positions, asked with the citizen's own fiscal code (another citizen's IUV is the upstream's 404).
 * Anonymous visitors go to the login and come back here.
 */
export async function loadPaymentFile({ context, params, request }: Args, kind: "receipt" | "notice") {
  const t = serverT(context, paymentsIt);
  const { api } = getServices(context);
  const user = await api.getCurrentUser();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(upstreamLoginHref(currentPathHref(url.pathname, url.search)));
  }
  const iuv = params.iuv ?? "";
  if (!IUV_PATTERN.test(iuv)) return notFound(t("payments.file.notFound"));
  try {
    const bytes =
      kind === "receipt"
        ? await api.ppay.receipt(user.codFisc, iuv)
        : await api.ppay.notice(user.codFisc, iuv);
    return pdfResponse(bytes, `${kind === "receipt" ? "ricevuta" : "avviso-pagamento"}-${iuv}.pdf`);
  } catch (error) {
    if (readRouteError(error, 404) || readRouteError(error, 403) || readRouteError(error, 400)) {
      return notFound(t("payments.file.notFound"));
    }
    throw error;
  }
}
