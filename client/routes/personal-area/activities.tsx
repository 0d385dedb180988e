import { useRef } from "react";
import { FilterForm } from "#client/components/ui/filter-form.tsx";
import { Link } from "react-router";
import type { Route } from "./+types/activities";
import { findAsset } from "#shared/api/tenant-config.ts";
import { LoadFailed } from "#client/components/ui/load-failed.tsx";
import { PageIndex } from "#client/components/ui/page-index.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { FOCUS_LIST, useListFocus } from "#client/components/ui/use-focus-on-change.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "#client/features/appointments/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import {
  loadAppointmentActivities,
  type AppointmentFilter,
  type AppointmentSort,
} from "#client/features/appointments/appointment-activities.server.ts";
import { AppointmentActivityCard } from "#client/features/appointments/appointment-activity-card.tsx";
import { BOOKING_PATH } from "#client/features/appointments/urls.ts";
import { loadPaymentActivities } from "#client/features/payments/payment-activities.server.ts";
import { readPaymentsQuery } from "#client/features/payments/payments-query.ts";
import { PaymentsSection } from "#client/features/payments/payments-section.tsx";
import { paymentsIt } from "#client/features/payments/texts.ts";
import { ticketsIt } from "#client/features/tickets/texts.ts";
import { assistanceIt } from "#client/features/assistance/texts.ts";
import { loadAssistanceDrafts } from "#client/features/assistance/drafts.server.ts";
import { DraftsSection } from "#client/features/assistance/drafts-section.tsx";
import { loadTicketActivities } from "#client/features/tickets/ticket-activities.server.ts";
import { readTicketsQuery, TICKET_QUERY_NAMES } from "#client/features/tickets/ticket-view.ts";
import { TicketsSection } from "#client/features/tickets/tickets-section.tsx";
import { loadInstanceActivities } from "#client/features/instances/instance-activities.server.ts";
import { instanceNotices } from "#client/features/instances/instance-actions.server.ts";
import { INSTANCE_QUERY_NAMES, readInstancesQuery } from "#client/features/instances/instance-view.ts";
import { InstancesSection } from "#client/features/instances/instances-section.tsx";
import { instancesIt } from "#client/features/instances/texts.ts";
import { offersFilter } from "#client/components/ui/card-list.tsx";

export const handle = routeHandle("personalArea.tab.activities", personalAreaIt);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, appointmentsIt, personalAreaIt);
  return pageTitle(matches, [t("personalArea.tab.activities"), t("personalArea.title")]);
};

const PAGE = 5;
const MAX_SHOWN = 100;

/** The query words of the filter form (Italian, as the citizen sees them in the address). */
const FILTERS: Record<string, AppointmentFilter> = {
  tutti: "all",
  "in-programma": "upcoming",
  passati: "past",
};
const SORTS: Record<string, AppointmentSort> = { recenti: "recent", "meno-recenti": "oldest" };

function readQuery(url: URL) {
  const mostra = url.searchParams.get("mostra") ?? "tutti";
  const ordine = url.searchParams.get("ordine") ?? "recenti";
  const quanti = Number.parseInt(url.searchParams.get("quanti") ?? "", 10);
  return {
    mostra: mostra in FILTERS ? mostra : "tutti",
    ordine: ordine in SORTS ? ordine : "recenti",
    quanti: Number.isInteger(quanti) && quanti > 0 ? Math.min(quanti, MAX_SHOWN) : PAGE,
  };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { api } = getServices(context);
  const [user, config] = await Promise.all([getCitizen(context), api.getTenantConfig()]);
  const query = readQuery(url);
  const paymentsQuery = readPaymentsQuery(url);
  const paymentSystems = {
    ppay: Boolean(findAsset(config, "PPAY")),
    mypay: Boolean(findAsset(config, "MYPAY")),
  };
  const ticketsQuery = readTicketsQuery(url);
  const instancesQuery = readInstancesQuery(url);
  /** The other query words of the page, kept by a section's own filter form. */
  const otherQuery = (own: (name: string) => boolean) =>
    Object.fromEntries([...url.searchParams].filter(([name]) => !own(name)));
  // The five sources are independent: asked at once, the page waits for the slowest, not for their sum.
  const [appointments, paymentList, ticketList, instanceList, drafts] = await Promise.all([
    findAsset(config, "APPSCHED")
      ? loadAppointmentActivities(context, user.codFisc, {
          filter: FILTERS[query.mostra],
          sort: SORTS[query.ordine],
          limit: query.quanti,
        })
      : null,
    paymentSystems.ppay || paymentSystems.mypay
      ? loadPaymentActivities(context, user.codFisc, paymentsQuery, paymentSystems)
      : null,
    findAsset(config, "ASSISTENZA_CRM") ? loadTicketActivities(context, user.codFisc, ticketsQuery) : null,
    findAsset(config, "MOON") ? loadInstanceActivities(context, config, url.origin, instancesQuery) : null,
    loadAssistanceDrafts(context),
  ]);
  const payments =
    paymentList === null
      ? null
      : {
          query: paymentsQuery,
          otherQuery: otherQuery((name) => name === "stato-pagamento" || name === "pagamenti"),
          payments: paymentList,
        };
  const tickets =
    ticketList === null
      ? null
      : {
          query: ticketsQuery,
          otherQuery: otherQuery((name) => (TICKET_QUERY_NAMES as readonly string[]).includes(name)),
          tickets: ticketList,
        };
  const instances =
    instanceList === null
      ? null
      : {
          query: instancesQuery,
          otherQuery: otherQuery((name) => (INSTANCE_QUERY_NAMES as readonly string[]).includes(name)),
          ...instanceNotices(context, url),
          instances: instanceList,
        };
  return { query, appointments, payments, tickets, instances, drafts };
}

export default function Activities({ loaderData }: Route.ComponentProps) {
  const t = useT(appointmentsIt, personalAreaIt, paymentsIt, ticketsIt, assistanceIt, instancesIt);
  const { query, appointments, payments, tickets, instances, drafts } = loaderData;
  // The page index (issue #25): on a phone the sections are one long page; the ids are the sections' own.
  const index = [
    ...(appointments ? [{ id: "appuntamenti", title: t("appointments.activity.sectionTitle") }] : []),
    ...(instances ? [{ id: "pratiche", title: t("instances.section.title") }] : []),
    ...(payments ? [{ id: "pagamenti", title: t("payments.section.title") }] : []),
    ...(tickets ? [{ id: "richieste", title: t("tickets.section.title") }] : []),
    ...(drafts ? [{ id: "bozze", title: t("assistance.drafts.title") }] : []),
  ];
  return (
    <>
      <h2 className="title-xxlarge mb-4">{t("personalArea.tab.activities")}</h2>
      {index.length > 1 ? (
        <PageIndex
          id="indice-attivita"
          title={t("personalArea.pageIndex")}
          items={index}
          headingAs="h3"
          className="mb-5"
        />
      ) : null}
      {appointments ? (
        <AppointmentsSection appointments={appointments} query={query} />
      ) : payments || tickets || instances ? null : (
        <p>{t("personalArea.noActivities")}</p>
      )}
      {instances ? <InstancesSection {...instances} /> : null}
      {payments ? <PaymentsSection {...payments} /> : null}
      {tickets ? <TicketsSection {...tickets} /> : null}
      {drafts ? <DraftsSection drafts={drafts} /> : null}
    </>
  );
}

type ActivitiesQuery = ReturnType<typeof readQuery>;
type Appointments = NonNullable<Route.ComponentProps["loaderData"]["appointments"]>;

/** The appointments: the booking link, the filter and the list (the focus moves to it when the filter changes). */
function AppointmentsSection({
  appointments,
  query,
}: {
  appointments: Appointments;
  query: ActivitiesQuery;
}) {
  const t = useT(appointmentsIt);
  const appointmentsSection = useRef<HTMLElement>(null);
  useListFocus(appointmentsSection, `${query.mostra}|${query.ordine}`, query.quanti);
  return (
    <section
      ref={appointmentsSection}
      id="appuntamenti"
      aria-labelledby="attivita-appuntamenti"
      className="mb-5"
    >
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h3 id="attivita-appuntamenti" className="title-xlarge mb-0">
          {t("appointments.activity.sectionTitle")}
        </h3>
        <Link className="btn btn-primary btn-sm" to={BOOKING_PATH}>
          {t("appointments.activity.book")}
        </Link>
      </div>
      {offersFilter(appointments, query.mostra !== "tutti") ? <AppointmentsFilter query={query} /> : null}
      <AppointmentsList appointments={appointments} query={query} />
    </section>
  );
}

/** Which appointments (all, upcoming, past) and in which order: a GET form. */
function AppointmentsFilter({ query }: { query: ActivitiesQuery }) {
  const t = useT(appointmentsIt);
  return (
    <FilterForm
      label={t("appointments.activity.filterTitle")}
      submitLabel={t("appointments.activity.apply")}
      className="activity-filter"
    >
      <div className="col-12 col-md-5">
        <SelectField
          name="mostra"
          label={t("appointments.activity.filter")}
          defaultValue={query.mostra}
          options={[
            { value: "tutti", label: t("appointments.activity.filter.all") },
            { value: "in-programma", label: t("appointments.activity.filter.upcoming") },
            { value: "passati", label: t("appointments.activity.filter.past") },
          ]}
        />
      </div>
      <div className="col-12 col-md-5">
        <SelectField
          name="ordine"
          label={t("appointments.activity.sort")}
          defaultValue={query.ordine}
          options={[
            { value: "recenti", label: t("appointments.activity.sort.recent") },
            { value: "meno-recenti", label: t("appointments.activity.sort.oldest") },
          ]}
        />
      </div>
    </FilterForm>
  );
}

/** The appointments found, "Mostra altri" while there are more, or why there are none. */
function AppointmentsList({ appointments, query }: { appointments: Appointments; query: ActivitiesQuery }) {
  const t = useT(appointmentsIt);
  return (
    <>
      {appointments.status === "failed" ? (
        <LoadFailed title={t("appointments.activity.loadFailed")} />
      ) : appointments.items.length === 0 ? (
        <p role="status">
          {query.mostra === "tutti"
            ? t("appointments.activity.empty")
            : t("appointments.activity.emptyFiltered")}
        </p>
      ) : (
        <>
          <p role="status" className="small">
            {t("appointments.activity.shown", {
              count: appointments.items.length,
              total: appointments.total,
            })}
          </p>
          <ul {...FOCUS_LIST} className="list-unstyled row g-3">
            {appointments.items.map((activity) => (
              <li key={activity.id} className="col-12 col-lg-6">
                <AppointmentActivityCard activity={activity} headingLevel={3} />
              </li>
            ))}
          </ul>
          {appointments.total > appointments.items.length ? (
            <Link
              className="btn btn-outline-primary"
              preventScrollReset
              to={withQuery(href("/area-personale/attivita"), { ...query, quanti: query.quanti + PAGE })}
            >
              {t("appointments.activity.more")}
            </Link>
          ) : null}
        </>
      )}
    </>
  );
}
