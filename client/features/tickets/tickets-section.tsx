import { useRef } from "react";
import { FilterForm } from "#client/components/ui/filter-form.tsx";
import { Link } from "react-router";
import { CardList, offersFilter, PageLink } from "#client/components/ui/card-list.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { useListFocus } from "#client/components/ui/use-focus-on-change.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { ticketsIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { TicketCard } from "./ticket-card.tsx";
import { TICKETS_PAGE, ticketsQueryWords, type TicketActivities, type TicketsQuery } from "./ticket-view.ts";

export type TicketsSectionProps = {
  tickets: TicketActivities;
  query: TicketsQuery;
  /** The page's other query parameters (the other sections' filters), kept by the filter form and the "more" link. */
  otherQuery: Record<string, string>;
};

/**
 * "Richieste di assistenza" of the personal area's Attività: the citizen's tickets newest first, 5 at a time
 * ("Vedi altre richieste" is a GET link), a GET filter by state and title. A load failure is an alert; the page stays.
 */
export function TicketsSection({ tickets, query, otherQuery }: TicketsSectionProps) {
  const t = useT(ticketsIt);
  const filtered = query.stato !== "tutte" || query.cerca !== "";
  const section = useRef<HTMLElement>(null);
  useListFocus(section, `${query.stato}|${query.cerca}`, query.richieste);
  return (
    <section ref={section} aria-labelledby="attivita-richieste" className="mb-5" id="richieste">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h3 id="attivita-richieste" className="title-xlarge mb-0">
          {t("tickets.section.title")}
        </h3>
        <Link className="btn btn-primary btn-sm" to={href("/nuova-richiesta")}>
          {t("tickets.section.new")}
        </Link>
      </div>
      {offersFilter(tickets, filtered) ? <TicketsFilter query={query} otherQuery={otherQuery} /> : null}
      <TicketList tickets={tickets} query={query} otherQuery={otherQuery} filtered={filtered} />
    </section>
  );
}

/** The filter by state and title (a GET form keeping the other sections' filters). */
function TicketsFilter({ query, otherQuery }: Omit<TicketsSectionProps, "tickets">) {
  const t = useT(ticketsIt);
  return (
    <FilterForm
      label={t("tickets.section.filterTitle")}
      submitLabel={t("tickets.section.apply")}
      keep={otherQuery}
      submitColumn="col-md-2"
      preventScrollReset
    >
      <div className="col-12 col-md-4">
        <SelectField
          name="stato-richiesta"
          label={t("tickets.section.filter")}
          defaultValue={query.stato}
          options={[
            { value: "tutte", label: t("tickets.section.filter.all") },
            { value: "aperte", label: t("tickets.section.filter.open") },
            { value: "chiuse", label: t("tickets.section.filter.closed") },
          ]}
        />
      </div>
      <div className="col-12 col-md-6">
        <TextField
          name="cerca-richiesta"
          type="search"
          label={t("tickets.section.search")}
          defaultValue={query.cerca}
          maxLength={100}
        />
      </div>
    </FilterForm>
  );
}

/** The tickets found, with "Vedi altre richieste", or why there are none. */
function TicketList({ tickets, query, otherQuery, filtered }: TicketsSectionProps & { filtered: boolean }) {
  const t = useT(ticketsIt);
  const more = withQuery(
    href("/area-personale/attivita"),
    { ...otherQuery, ...ticketsQueryWords({ ...query, richieste: query.richieste + TICKETS_PAGE }) },
    "richieste",
  );
  return (
    <CardList
      list={tickets}
      failedTitle={t("tickets.section.loadFailed")}
      empty={filtered ? t("tickets.section.emptyFiltered") : t("tickets.section.empty")}
      shown={(ok) => t("tickets.section.shown", { count: ok.items.length })}
      itemKey={(ticket) => ticket.id}
      card={(ticket) => <TicketCard ticket={ticket} />}
      links={(ok) => (ok.more ? <PageLink to={more}>{t("tickets.section.more")}</PageLink> : null)}
    />
  );
}
