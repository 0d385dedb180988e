import { Link } from "react-router";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { ticketsIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import { formatDate } from "#shared/dates.ts";
import type { TicketCardView, TicketStateView } from "./ticket-view.ts";

/** The state as a badge with its text (never color only). */
export function TicketStateBadge({ state }: { state: TicketStateView }) {
  const t = useT(ticketsIt);
  return (
    <span className={`badge bg-${state.tone}`}>
      <span className="visually-hidden">{t("tickets.state.label")}: </span>
      {t(state.label)}
    </span>
  );
}

/** One ticket in the personal area: title, number, created date, state and the link to its page. */
export function TicketCard({
  ticket,
  headingAs: Heading = "h4",
}: {
  ticket: TicketCardView;
  headingAs?: "h3" | "h4";
}) {
  const t = useT(ticketsIt);
  const locale = useLocale();
  return (
    <article className="card card-bg shadow-sm rounded h-100" data-element="ticket-card">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <p className="small mb-0">{t("tickets.card.number", { number: ticket.number })}</p>
          <TicketStateBadge state={ticket.state} />
        </div>
        <Heading className="card-title h5">{ticket.title}</Heading>
        <p className="small mb-3">
          {t("tickets.card.created")}:{" "}
          <time dateTime={ticket.createdAt}>{formatDate(ticket.createdAt, "d MMMM yyyy", locale)}</time>
        </p>
        <Link
          className="btn btn-outline-primary btn-sm"
          to={href("/area-personale/richieste/:id", { id: String(ticket.id) })}
          aria-label={t("tickets.card.detailLabel", { number: ticket.number })}
        >
          {t("tickets.card.detail")}
        </Link>
      </div>
    </article>
  );
}
