import type { RouterContextProvider } from "react-router";
import { serverT } from "#client/i18n/server-t.ts";
import { spontaneousIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { attachmentDisposition } from "#client/lib/download.server.ts";
import { findNotice } from "./attempts.server.ts";
import { noticeCookie } from "./flow-state.ts";

const NO_STORE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * `/avviso-pagamento/esito/avviso.pdf`: the notice's PDF from the in-process store (15 minutes), found by the token
 * of this browser's sealed cookie; unknown, expired or another browser's (no cookie) → a small Italian 404 page.
 */
export function loadNoticeFile(context: Readonly<RouterContextProvider>): Response {
  const notice = noticeCookie.read(getServices(context).flow).state;
  const stored = notice && findNotice(notice.token);
  if (!notice || !stored) {
    const t = serverT(context, spontaneousIt);
    const title = escapeHtml(t("payments.spont.outcome.notFound"));
    const text = escapeHtml(t("payments.spont.outcome.notFoundText"));
    return new Response(
      `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Torna alla homepage</a></p></main></body></html>`,
      { status: 404, headers: { "Content-Type": "text/html; charset=utf-8", ...NO_STORE } },
    );
  }
  return new Response(new Uint8Array(stored.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(stored.pdf.length),
      "Content-Disposition": attachmentDisposition(
        `avviso-pagamento-${stored.codiceAvviso.replace(/\D/g, "")}.pdf`,
      ),
      ...NO_STORE,
    },
  });
}
