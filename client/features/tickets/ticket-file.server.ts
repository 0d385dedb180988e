import { redirect, type RouterContextProvider } from "react-router";
import { readRouteError } from "#shared/route-error.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { ticketsIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { isOwnTicket } from "./ticket-view.ts";
import { attachmentDisposition } from "#client/lib/download.server.ts";

type Args = {
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
  request: Request;
};

const NO_STORE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };
const ID = /^\d{1,12}$/;

function notFound(text: string): Response {
  return new Response(text, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE },
  });
}

/**
 * `/area-personale/richieste/:id/articoli/:articleId/allegati/:attachmentId`: one attachment of one of the citizen's
 * tickets, as a download. The ticket must be the citizen's and the attachment one of its articles' (the BFF checks
 * neither): anything else is a 404. Anonymous visitors go to the login and come back here.
 */
export async function loadTicketFile({ context, params, request }: Args): Promise<Response> {
  const t = serverT(context, ticketsIt);
  const { api } = getServices(context);
  const user = await api.getCurrentUser();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(upstreamLoginHref(currentPathHref(url.pathname, url.search)));
  }
  const { id = "", articleId = "", attachmentId = "" } = params;
  if (![id, articleId, attachmentId].every((value) => ID.test(value)))
    return notFound(t("tickets.file.notFound"));
  try {
    const ticket = await api.crm.ticket(Number(id));
    if (!ticket || !isOwnTicket(ticket, user.codFisc)) return notFound(t("tickets.file.notFound"));
    const articles = await api.crm.articles(ticket.id);
    const attachment = articles
      .find((article) => article.id === Number(articleId))
      ?.attachments.find((a) => a.id === Number(attachmentId));
    if (!attachment) return notFound(t("tickets.file.notFound"));
    const file = await api.crm.attachment(ticket.id, Number(articleId), attachment.id);
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "Content-Type": attachment["mime-type"] ?? file.contentType,
        "Content-Length": String(file.bytes.length),
        "Content-Disposition": attachmentDisposition(attachment.filename, {
          fallbackBase: `allegato-${attachment.id}`,
        }),
        ...NO_STORE,
      },
    });
  } catch (error) {
    if (readRouteError(error, 404) || readRouteError(error, 403)) return notFound(t("tickets.file.notFound"));
    throw error;
  }
}
