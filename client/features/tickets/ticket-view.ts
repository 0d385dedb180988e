import { isTicketClosed, type Article, type Ticket, type TicketStateId } from "#shared/api/crm.ts";
import type { TextKey } from "#client/i18n/i18n-context.tsx";
import type { ticketsIt } from "./texts.ts";
import { sameFiscalCode } from "#shared/validation/fiscal-code.ts";

export const TICKETS_PAGE = 5;
const MAX_SHOWN = 100;

/** The query words of the "Richieste di assistenza" section (Italian, as the citizen sees them in the address). */
export type TicketsQuery = { stato: "tutte" | "aperte" | "chiuse"; cerca: string; richieste: number };

export const TICKET_QUERY_NAMES = ["stato-richiesta", "cerca-richiesta", "richieste"] as const;

/** Which states each choice of the "Stato richiesta" filter asks for (undefined: all). */
export const STATES_OF: Record<TicketsQuery["stato"], readonly TicketStateId[] | undefined> = {
  tutte: undefined,
  aperte: [1, 2, 9],
  chiuse: [4, 8],
};

export function readTicketsQuery(url: URL): TicketsQuery {
  const stato = url.searchParams.get("stato-richiesta");
  const count = Number.parseInt(url.searchParams.get("richieste") ?? "", 10);
  return {
    stato: stato === "aperte" || stato === "chiuse" ? stato : "tutte",
    cerca: (url.searchParams.get("cerca-richiesta") ?? "").trim().slice(0, 100),
    richieste: Number.isInteger(count) && count > 0 ? Math.min(count, MAX_SHOWN) : TICKETS_PAGE,
  };
}

/** The address words of a query (defaults left out), for the "more" link. */
export function ticketsQueryWords(query: TicketsQuery): Record<string, string | number | undefined> {
  return {
    "stato-richiesta": query.stato === "tutte" ? undefined : query.stato,
    "cerca-richiesta": query.cerca || undefined,
    richieste: query.richieste === TICKETS_PAGE ? undefined : query.richieste,
  };
}

export type TicketStateView = {
  id: TicketStateId;
  label: TextKey<typeof ticketsIt>;
  tone: "primary" | "danger" | "secondary";
  closed: boolean;
};

export function ticketState(stateId: TicketStateId): TicketStateView {
  const closed = isTicketClosed(stateId);
  return {
    id: stateId,
    label: `tickets.state.${stateId}`,
    tone: closed ? "secondary" : stateId === 9 ? "danger" : "primary",
    closed,
  };
}

export type TicketCardView = {
  id: number;
  number: string;
  title: string;
  createdAt: string;
  state: TicketStateView;
};

export function toTicketCard(ticket: Ticket): TicketCardView {
  return {
    id: ticket.id,
    number: ticket.number,
    title: ticket.title,
    createdAt: ticket.created_at,
    state: ticketState(ticket.state_id),
  };
}

export type TicketActivities =
  { status: "ok"; items: TicketCardView[]; more: boolean } | { status: "failed" };

/** True when the ticket belongs to the citizen (the BFF does not check it: the portal does). */
export function isOwnTicket(ticket: Ticket, codFisc: string): boolean {
  return sameFiscalCode(ticket.customer?.codice_fiscale, codFisc);
}

export type ArticleView = {
  id: number;
  fromCitizen: boolean;
  createdAt: string;
  /** Sanitised by the upstream module. */
  bodyHtml: string;
  attachments: Array<{ id: number; filename: string; size: number | null }>;
};

export function toArticleView(article: Article): ArticleView {
  return {
    id: article.id,
    fromCitizen: article.sender === "Customer",
    createdAt: article.created_at,
    bodyHtml: article.body,
    attachments: article.attachments.map((a) => {
      const size = a.size === undefined ? NaN : Number(a.size);
      return { id: a.id, filename: a.filename, size: Number.isFinite(size) ? size : null };
    }),
  };
}

/** The citizen's plain text as the HTML body of an article: escaped, one paragraph, line breaks kept. */
export function replyHtml(text: string): string {
  const escaped = text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
  return `<p>${escaped.replace(/\r?\n/g, "<br>")}</p>`;
}
