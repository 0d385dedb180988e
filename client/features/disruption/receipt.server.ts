import type { RouterContextProvider } from "react-router";
import { serverT } from "#client/i18n/server-t.ts";
import { disruptionIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { answerDownload, downloadRefusal, fileResponse } from "#client/lib/download.server.ts";

/**
 * `/servizi/segnalazioni/:id/ricevuta`: the receipt PDF of one of the logged-in citizen's reports (behind
 * `requireCitizen`); another citizen's report is the upstream's 403, an unknown one its 404: both are a 404 here.
 */
export async function loadReceipt(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const notFound = serverT(context, disruptionIt)("disruption.receipt.notFound");
  if (!id || !/^\d{1,12}$/.test(id)) return downloadRefusal(context, 404, notFound);
  return answerDownload(context, { notFound }, async () =>
    fileResponse(await getServices(context).api.disruption.receipt(Number(id)), {
      name: `ricevuta-segnalazione-${id}.pdf`,
      type: "application/pdf",
    }),
  );
}
