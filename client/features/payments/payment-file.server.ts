import { redirect, type RouterContextProvider } from "react-router";
import { IUV_PATTERN } from "#shared/api/ppay.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { readRouteError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { paymentsIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { attachmentDisposition } from "#client/lib/download.server.ts";

type Args = {
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
  request: Request;
};

const NO_STORE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export function notFound(text: string): Response {
  return new Response(text, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE },
  });
}

/** The PDF as a download named "{ricevuta|avviso-pagamento}-{IUV}.pdf". */
export function pdfResponse(bytes: Uint8Array, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.length),
      "Content-Disposition": attachmentDisposition(fileName),
      ...NO_STORE,
    },
  });
}

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
