import type { RouterContextProvider } from "react-router";
import { serverT } from "#client/i18n/server-t.ts";
import { spontaneousIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { downloadRefusal, fileResponse } from "#client/lib/download.server.ts";
import { findNotice } from "./attempts.server.ts";
import { storeDown } from "#client/lib/transient-store.server.ts";
import { noticeCookie } from "./flow-state.ts";

/**
 * `/avviso-pagamento/esito/avviso.pdf`: the notice's PDF from the in-process store (15 minutes), found by the token
 * of this browser's sealed cookie; unknown, expired or another browser's (no cookie) → a 404 text in the page's
 * language, as every download (`client/lib/download.server.ts`).
 */
export async function loadNoticeFile(context: Readonly<RouterContextProvider>): Promise<Response> {
  const notice = noticeCookie.read(getServices(context).flow).state;
  const stored = notice && (await findNotice(notice.token).catch(storeDown(context)));
  if (!notice || !stored) {
    const t = serverT(context, spontaneousIt);
    return downloadRefusal(
      context,
      404,
      `${t("payments.spont.outcome.notFound")}. ${t("payments.spont.outcome.notFoundText")}`,
    );
  }
  return fileResponse(stored.pdf, {
    name: `avviso-pagamento-${stored.codiceAvviso.replace(/\D/g, "")}.pdf`,
    type: "application/pdf",
  });
}
