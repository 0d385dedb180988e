import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/desk";
import { findAsset, type TenantConfig } from "#shared/api/tenant-config.ts";
import { LoadFailed } from "#client/components/ui/load-failed.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "#client/features/appointments/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";
import { href } from "#client/lib/links.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadAppointmentActivities } from "#client/features/appointments/appointment-activities.server.ts";
import { AppointmentActivityCard } from "#client/features/appointments/appointment-activity-card.tsx";
import { loadPaymentActivities } from "#client/features/payments/payment-activities.server.ts";
import { PaymentCard } from "#client/features/payments/payment-card.tsx";
import type { PositionView } from "#client/features/payments/position-view.ts";
import { loadTicketActivities } from "#client/features/tickets/ticket-activities.server.ts";
import { TicketCard } from "#client/features/tickets/ticket-card.tsx";
import type { TicketCardView } from "#client/features/tickets/ticket-view.ts";
import type { AppointmentActivity } from "#client/features/appointments/appointment-activities.server.ts";
import { ServiceCard } from "#client/components/service-card/service-card.tsx";
import { MessageCard } from "#client/components/message-card/message-card.tsx";
import { toMessageSummary, type MessageSummary } from "#client/components/message-card/message-summary.ts";
import { municipalityTag } from "#shared/api/messages.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { useRootData } from "#client/lib/root-data.ts";
import { loadInstanceActivities } from "#client/features/instances/instance-activities.server.ts";
import { InstanceCard } from "#client/features/instances/instance-card.tsx";
import type { InstanceView } from "#client/features/instances/instance-view.ts";
import {
  loadFavouriteServices,
  type FavouriteServiceLink,
} from "#client/features/personal-services/favourite-services.server.ts";

export const handle = routeHandle("personalArea.title", personalAreaIt);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches, appointmentsIt, personalAreaIt)("personalArea.title"));

/** How many of the latest activities the desk shows (the original: at most 4). */
const LATEST_ACTIVITIES = 4;

/** How many of the latest messages the desk shows. */
const LATEST_MESSAGES = 3;

/** The latest messages of this municipality, or null when the store cannot be read (the desk says so). */
async function latestMessagesOrNull(
  context: Route.LoaderArgs["context"],
  codFisc: string,
  config: Pick<TenantConfig, "comune" | "dettagli">,
): Promise<MessageSummary[] | null> {
  const services = getServices(context);
  try {
    const page = await services.api.messages.list(codFisc, {
      filter: { tag: municipalityTag(config.comune.codiceEnte) },
      limit: LATEST_MESSAGES,
      offset: 0,
      sort: "-timestamp",
    });
    return page.messages.map((message) => toMessageSummary(message, config));
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    services.log.warn({ upstream: "messagestore", status: error.data.status }, "latest messages unavailable");
    return null;
  }
}

/** The favourites, or null when they cannot be loaded (the desk says so and shows the rest). */
async function favouritesOrNull(
  context: Route.LoaderArgs["context"],
): Promise<FavouriteServiceLink[] | null> {
  try {
    return await loadFavouriteServices(context);
  } catch {
    getServices(context).log.warn({ upstream: "preferenze" }, "favourite services unavailable");
    return null;
  }
}

type LatestActivity =
  | { kind: "payment"; key: string; payment: PositionView }
  | { kind: "ticket"; key: string; ticket: TicketCardView }
  | { kind: "instance"; key: string; instance: InstanceView }
  | { kind: "appointment"; key: string; appointment: AppointmentActivity };

/** One of each list per round (each list newest first), as the original desk did, up to `limit`. */
function interleave(lists: LatestActivity[][], limit: number): LatestActivity[] {
  const out: LatestActivity[] = [];
  for (let round = 0; out.length < limit && lists.some((l) => l.length > round); round++) {
    for (const list of lists) if (list[round] && out.length < limit) out.push(list[round]!);
  }
  return out;
}

type ActivitySources = {
  appointments: Awaited<ReturnType<typeof loadAppointmentActivities>> | null;
  payments: Awaited<ReturnType<typeof loadPaymentActivities>> | null;
  tickets: Awaited<ReturnType<typeof loadTicketActivities>> | null;
  instances: Awaited<ReturnType<typeof loadInstanceActivities>> | null;
};

/** The latest activities of every kind that loaded: upcoming appointments first (soonest first), then past ones. */
function latestActivities({ appointments, payments, tickets, instances }: ActivitySources): LatestActivity[] {
  return interleave(
    [
      payments?.status === "ok"
        ? payments.items.map((p): LatestActivity => ({ kind: "payment", key: `p-${p.iuv}`, payment: p }))
        : [],
      tickets?.status === "ok"
        ? tickets.items.map((t): LatestActivity => ({ kind: "ticket", key: `t-${t.id}`, ticket: t }))
        : [],
      instances?.status === "ok"
        ? instances.items.map((i): LatestActivity => ({ kind: "instance", key: `i-${i.code}`, instance: i }))
        : [],
      appointments?.status === "ok"
        ? [
            ...appointments.items.filter((a) => a.upcoming).reverse(),
            ...appointments.items.filter((a) => !a.upcoming),
          ].map((a): LatestActivity => ({ kind: "appointment", key: `a-${a.id}`, appointment: a }))
        : [],
    ],
    LATEST_ACTIVITIES,
  );
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { api } = getServices(context);
  const [user, config] = await Promise.all([getCitizen(context), api.getTenantConfig()]);
  const paymentSystems = {
    ppay: Boolean(findAsset(config, "PPAY")),
    mypay: Boolean(findAsset(config, "MYPAY")),
  };
  const [appointments, payments, tickets, instances, favourites, messages] = await Promise.all([
    findAsset(config, "APPSCHED")
      ? loadAppointmentActivities(context, user.codFisc, { filter: "all", limit: 100 })
      : null,
    paymentSystems.ppay || paymentSystems.mypay
      ? loadPaymentActivities(
          context,
          user.codFisc,
          { stato: "tutti", pagamenti: LATEST_ACTIVITIES },
          paymentSystems,
        )
      : null,
    findAsset(config, "ASSISTENZA_CRM")
      ? loadTicketActivities(context, user.codFisc, {
          stato: "tutte",
          cerca: "",
          richieste: LATEST_ACTIVITIES,
        })
      : null,
    findAsset(config, "MOON")
      ? loadInstanceActivities(context, config, url.origin, { stato: "tutte", pratiche: LATEST_ACTIVITIES })
      : null,
    favouritesOrNull(context),
    findAsset(config, "NOTIFICATIONS")
      ? latestMessagesOrNull(context, user.codFisc, config).then((list) => ({ list }))
      : null,
  ]);
  const sources = [appointments, payments, tickets, instances].filter((s) => s !== null);
  const latest = latestActivities({ appointments, payments, tickets, instances });
  return {
    activities: sources.length
      ? { failed: sources.some((source) => source.status === "failed"), latest }
      : null,
    favourites,
    messages,
  };
}

export default function Desk({ loaderData }: Route.ComponentProps) {
  const { activities, favourites, messages } = loaderData;
  return (
    <>
      {messages ? <LatestMessages list={messages.list} /> : null}
      {activities ? <LatestActivities activities={activities} /> : null}
      <Favourites favourites={favourites} />
    </>
  );
}

/** A desk's section: its heading, the link to the whole list, then the latest few. */
function DeskSection(props: {
  id: string;
  title: ReactNode;
  linkTo: string;
  linkText: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className="mb-5">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id={props.id} className="title-xlarge mb-0">
          {props.title}
        </h2>
        <Link to={props.linkTo}>{props.linkText}</Link>
      </div>
      {props.children}
    </section>
  );
}

/** The latest messages of this municipality, with the count of the unread ones. */
function LatestMessages({ list }: { list: MessageSummary[] | null }) {
  const t = useT(personalAreaIt);
  const unread = useRootData().user?.unreadMessages ?? null;
  const title = (
    <>
      {t("personalArea.desk.latestMessages")}
      {unread ? (
        <span className="badge rounded-pill bg-danger ms-2 align-middle fs-6">
          {t("common.unread", { count: unread })}
        </span>
      ) : null}
    </>
  );
  return (
    <DeskSection
      id="scrivania-messaggi"
      title={title}
      linkTo={href("/area-personale/messaggi")}
      linkText={t("personalArea.desk.allMessages")}
    >
      {list === null ? (
        <LoadFailed title={t("personalArea.desk.messagesFailed")} />
      ) : list.length === 0 ? (
        <p>{t("personalArea.desk.noMessages")}</p>
      ) : (
        <ul className="list-unstyled">
          {list.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ul>
      )}
    </DeskSection>
  );
}

/** The latest activities of every kind, one of each in turn; a card each, as on "Attività". */
function LatestActivities({ activities }: { activities: { failed: boolean; latest: LatestActivity[] } }) {
  const t = useT(personalAreaIt);
  return (
    <DeskSection
      id="scrivania-attivita"
      title={t("personalArea.desk.latestActivities")}
      linkTo={href("/area-personale/attivita")}
      linkText={t("personalArea.desk.allActivities")}
    >
      {activities.failed ? (
        <LoadFailed title={t("personalArea.desk.activitiesFailed")} className="mb-3" />
      ) : null}
      {activities.latest.length === 0 ? (
        activities.failed ? null : (
          <p>{t("personalArea.noActivities")}</p>
        )
      ) : (
        <ul className="list-unstyled row g-3" data-element="latest-activities">
          {activities.latest.map((activity) => (
            <li key={activity.key} className="col-12 col-lg-6">
              <ActivityCard activity={activity} />
            </li>
          ))}
        </ul>
      )}
    </DeskSection>
  );
}

function ActivityCard({ activity }: { activity: LatestActivity }) {
  switch (activity.kind) {
    case "payment":
      return <PaymentCard position={activity.payment} headingAs="h3" />;
    case "ticket":
      return <TicketCard ticket={activity.ticket} headingAs="h3" />;
    case "instance":
      return <InstanceCard instance={activity.instance} headingAs="h3" />;
    case "appointment":
      return <AppointmentActivityCard activity={activity.appointment} headingLevel={3} />;
  }
}

/** The citizen's favourite services (or why they could not be loaded). */
function Favourites({ favourites }: { favourites: FavouriteServiceLink[] | null }) {
  const t = useT(personalAreaIt);
  return (
    <DeskSection
      id="scrivania-preferiti"
      title={t("personalArea.desk.favourites")}
      linkTo={href("/area-personale/servizi")}
      linkText={t("personalArea.desk.allServices")}
    >
      {favourites === null ? (
        <LoadFailed title={t("personalArea.desk.favouritesFailed")} />
      ) : favourites.length === 0 ? (
        <p>{t("personalArea.desk.noFavourites")}</p>
      ) : (
        <ul className="list-unstyled row g-3">
          {favourites.map((service) => (
            <li key={service.id} className="col-12 col-md-6 col-lg-4">
              <ServiceCard title={service.title} href={service.href} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </DeskSection>
  );
}
