import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { isTicketClosed, type Ticket } from "#shared/api/crm.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { routeError } from "#shared/route-error.ts";
import { checkAttachment } from "#shared/validation/attachments.ts";
import { files, maxLength, required, text } from "#shared/validation/rules.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { ticketsIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { isOwnTicket, replyHtml, ticketState, toArticleView } from "./ticket-view.ts";
import { shownFileName } from "#shared/file-name.ts";

/** The query flags of the page: the confirmation step of "Chiudi" and the outcomes after a redirect. */
export const CLOSE_FLAG = "chiudi";
const SENT_FLAG = "inviata";
const CLOSED_FLAG = "chiusa";
export const REPLY_MAX_LENGTH = 600;

type Context = Readonly<RouterContextProvider>;

function notFound(context: Context) {
  const t = serverT(context, ticketsIt);
  return routeError(404, { title: t("tickets.notFound"), details: [t("tickets.notFoundDetails")] });
}

/** The citizen's own ticket, or the page's 404 (unknown id, or another citizen's ticket: the BFF does not check). */
export async function ownTicketOr404(context: Context, id: string | undefined): Promise<Ticket> {
  if (!id || !/^\d{1,12}$/.test(id)) throw notFound(context);
  const [user, ticket] = await Promise.all([
    getCitizen(context),
    getServices(context).api.crm.ticket(Number(id)),
  ]);
  if (!ticket || !isOwnTicket(ticket, user.codFisc)) throw notFound(context);
  return ticket;
}

export function ticketPath(id: number): string {
  return href("/area-personale/richieste/:id", { id: String(id) });
}

/** The page: the ticket, its conversation, whether "Chiudi" asks for confirmation, the outcome toast. */
export async function loadTicket(request: Request, context: Context, id: string | undefined) {
  const t = serverT(context, ticketsIt);
  const ticket = await ownTicketOr404(context, id);
  const articles = await getServices(context).api.crm.articles(ticket.id);
  const url = new URL(request.url);
  const state = ticketState(ticket.state_id);
  const toasts = url.searchParams.has(SENT_FLAG)
    ? [{ id: "ticket-reply-sent", kind: "success" as const, title: t("tickets.reply.sent"), html: "" }]
    : url.searchParams.has(CLOSED_FLAG)
      ? [{ id: "ticket-closed", kind: "success" as const, title: t("tickets.close.done"), html: "" }]
      : [];
  return {
    ticket: {
      id: ticket.id,
      number: ticket.number,
      title: ticket.title,
      type: ticket.type ?? null,
      createdAt: ticket.created_at,
      updatedAt: ticket.updated_at ?? null,
      place: ticket.place?.address ?? null,
      state,
    },
    articles: articles.map(toArticleView),
    confirmClose: url.searchParams.has(CLOSE_FLAG) && !state.closed,
    toasts,
  };
}

const ReplySchema = z.object({
  messaggio: text(required(), maxLength(REPLY_MAX_LENGTH)),
  allegato: files({ max: 1 }),
});

/**
 * The page's two posts: "Invia risposta" (text required, an optional attachment checked by its content) and, from
 * the confirmation step (`?chiudi`), "Conferma chiusura". Both answer with a redirect to the page and its toast.
 */
export async function ticketAction(request: Request, context: Context, id: string | undefined) {
  const t = serverT(context, ticketsIt);
  const closing = new URL(request.url).searchParams.has(CLOSE_FLAG);
  const parsed = closing
    ? await parseForm(request, context, z.object({}))
    : await parseForm(request, context, ReplySchema);
  const ticket = await ownTicketOr404(context, id);
  const { api, log } = getServices(context);
  if (closing) {
    if (!isTicketClosed(ticket.state_id)) {
      try {
        await api.crm.closeTicket(ticket.id);
      } catch (error) {
        if (!isUpstreamFailure(error)) throw error;
        log.warn({ upstream: "crm", status: error.data.status }, "ticket not closed");
        return data({ closeError: t("tickets.close.failed"), errors: {}, values: {} }, { status: 502 });
      }
    }
    throw redirect(withQuery(ticketPath(ticket.id), { [CLOSED_FLAG]: 1 }));
  }
  if (!parsed.ok) {
    return data({ errors: parsed.errors, values: parsed.submitted, closeError: null }, { status: 400 });
  }
  if (!("messaggio" in parsed.values)) throw notFound(context);
  const values = { messaggio: String(parsed.form.get("messaggio") ?? "").trim() };
  if (isTicketClosed(ticket.state_id)) {
    return data(
      { errors: { form: t("tickets.reply.closedNote") }, values, closeError: null },
      { status: 409 },
    );
  }
  const { messaggio, allegato } = parsed.values;
  const attachments = [];
  for (const file of allegato) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const checked = checkAttachment({ filename: file.name, bytes }, { locale: getServices(context).locale });
    if (!checked.ok)
      return data({ errors: { allegato: checked.message }, values, closeError: null }, { status: 400 });
    attachments.push({
      filename: shownFileName(file.name),
      data: Buffer.from(bytes).toString("base64"),
      "mime-type": checked.mimeType,
    });
  }
  try {
    await api.crm.reply(ticket.id, {
      body: replyHtml(messaggio),
      from: ticket.customer?.email ?? "",
      attachments,
    });
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ upstream: "crm", status: error.data.status }, "ticket reply not sent");
    return data({ errors: { form: t("tickets.reply.failed") }, values, closeError: null }, { status: 502 });
  }
  throw redirect(withQuery(ticketPath(ticket.id), { [SENT_FLAG]: 1 }, "conversazione"));
}
