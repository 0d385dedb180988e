import { redirect, type RouterContextProvider } from "react-router";
import { currentPathHref } from "#shared/redirector.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { ticketsIt } from "./texts.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { isOwnTicket } from "./ticket-view.ts";
import { answerDownload, downloadRefusal, fileResponse } from "#client/lib/download.server.ts";

type Args = {
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
  request: Request;
};

const ID = /^\d{1,12}$/;

/**
 * `/area-personale/richieste/:id/articoli/:articleId/allegati/:attachmentId`: one attachment of one of the citizen's
 * tickets, as a download. The ticket must be the citizen's and the attachment one of its articles' (the BFF checks
 * neither): anything else is a 404. Anonymous visitors go to the login and come back here.
 */
export async function loadTicketFile({ context, params, request }: Args): Promise<Response> {
  const notFound = serverT(context, ticketsIt)("tickets.file.notFound");
  const { api } = getServices(context);
  const user = await api.getCurrentUser();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(upstreamLoginHref(currentPathHref(url.pathname, url.search)));
  }
  const { id = "", articleId = "", attachmentId = "" } = params;
  if (![id, articleId, attachmentId].every((value) => ID.test(value)))
    return downloadRefusal(context, 404, notFound);
  return answerDownload(context, { notFound, missing: [403, 404] }, async () => {
    const ticket = await api.crm.ticket(Number(id));
    if (!ticket || !isOwnTicket(ticket, user.codFisc)) return downloadRefusal(context, 404, notFound);
    const articles = await api.crm.articles(ticket.id);
    const attachment = articles
      .find((article) => article.id === Number(articleId))
      ?.attachments.find((a) => a.id === Number(attachmentId));
    if (!attachment) return downloadRefusal(context, 404, notFound);
    const file = await api.crm.attachment(ticket.id, Number(articleId), attachment.id);
    return fileResponse(file.bytes, {
      name: attachment.filename,
      type: attachment["mime-type"] ?? file.contentType,
      fallbackBase: `allegato-${attachment.id}`,
    });
  });
}
