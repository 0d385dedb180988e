import type { RouterContextProvider } from "react-router";
import { readRouteError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { disruptionIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { attachmentDisposition } from "#client/lib/download.server.ts";

const NO_STORE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/**
 * `/servizi/segnalazioni/:id/ricevuta`: the receipt PDF of one of the logged-in citizen's reports (behind
 * `requireCitizen`); another citizen's report is the upstream's 403, an unknown one its 404: both are a 404 here.
 */
export async function loadReceipt(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const t = serverT(context, disruptionIt);
  const notFound = () =>
    new Response(t("disruption.receipt.notFound"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE },
    });
  if (!id || !/^\d{1,12}$/.test(id)) return notFound();
  try {
    const bytes = await getServices(context).api.disruption.receipt(Number(id));
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(bytes.length),
        "Content-Disposition": attachmentDisposition(`ricevuta-segnalazione-${id}.pdf`),
        ...NO_STORE,
      },
    });
  } catch (error) {
    if (readRouteError(error, 404) || readRouteError(error, 403) || readRouteError(error, 400))
      return notFound();
    throw error;
  }
}
