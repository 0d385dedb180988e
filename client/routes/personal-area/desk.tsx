import { Link } from "react-router";
import type { Route } from "./+types/desk";
import { findAsset, type TenantConfig } from "#shared/api/tenant-config.ts";
import { Callout } from "#client/components/ui/callout.tsx";
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
    services.log.warn({ service: "messagestore", status: error.data.status }, "latest messages unavailable");
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
    getServices(context).log.warn({ service: "preferenze" }, "favourite services unavailable");
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

export async function loader({ context, url }: Route.LoaderArgs) {
  const { api } = getServices(context);
  const [user, config] = await Promise.all([getCitizen(context), api.getTenantConfig()]);
  const paymentSystems = {
    ppay: Boolean(findAsset(config, "PPAY")),
    mypay: Boolean(findAsset(config, "MYPAY")),
  };
  // Upcoming appointments first (soonest first), then the most recent past ones.
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
  const latest = interleave(
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
  return {
    activities: sources.length
      ? { failed: sources.some((source) => source.status === "failed"), latest }
      : null,
    favourites,
    messages,
  };
}

export default function Desk({ loaderData }: Route.ComponentProps) {
  const t = useT(appointmentsIt, personalAreaIt);
  const { activities, favourites, messages } = loaderData;
  const unread = useRootData().user?.unreadMessages ?? null;
  return (
    <>
      {messages ? (
        <section aria-labelledby="scrivania-messaggi" className="mb-5">
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
            <h2 id="scrivania-messaggi" className="title-xlarge mb-0">
              {t("personalArea.desk.latestMessages")}
              {unread ? (
                <span className="badge rounded-pill bg-danger ms-2 align-middle fs-6">
                  {t("common.unread", { count: unread })}
                </span>
              ) : null}
            </h2>
            <Link to={href("/area-personale/messaggi")}>{t("personalArea.desk.allMessages")}</Link>
          </div>
          {messages.list === null ? (
            <div role="alert">
              <Callout variant="danger" title={t("personalArea.desk.messagesFailed")}>
                <p className="mb-0">{t("common.retryLater")}</p>
              </Callout>
            </div>
          ) : messages.list.length === 0 ? (
            <p>{t("personalArea.desk.noMessages")}</p>
          ) : (
            <ul className="list-unstyled">
              {messages.list.map((message) => (
                <MessageCard key={message.id} message={message} />
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {activities ? (
        <section aria-labelledby="scrivania-attivita" className="mb-5">
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
            <h2 id="scrivania-attivita" className="title-xlarge mb-0">
              {t("personalArea.desk.latestActivities")}
            </h2>
            <Link to={href("/area-personale/attivita")}>{t("personalArea.desk.allActivities")}</Link>
          </div>
          {activities.failed ? (
            <div role="alert" className="mb-3">
              <Callout variant="danger" title={t("personalArea.desk.activitiesFailed")}>
                <p className="mb-0">{t("common.retryLater")}</p>
              </Callout>
            </div>
          ) : null}
          {activities.latest.length === 0 ? (
            activities.failed ? null : (
              <p>{t("personalArea.noActivities")}</p>
            )
          ) : (
            <ul className="list-unstyled row g-3" data-element="latest-activities">
              {activities.latest.map((activity) => (
                <li key={activity.key} className="col-12 col-lg-6">
                  {activity.kind === "payment" ? (
                    <PaymentCard position={activity.payment} headingAs="h3" />
                  ) : activity.kind === "ticket" ? (
                    <TicketCard ticket={activity.ticket} headingAs="h3" />
                  ) : activity.kind === "instance" ? (
                    <InstanceCard instance={activity.instance} headingAs="h3" />
                  ) : (
                    <AppointmentActivityCard activity={activity.appointment} headingLevel={3} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <section aria-labelledby="scrivania-preferiti" className="mb-5">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <h2 id="scrivania-preferiti" className="title-xlarge mb-0">
            {t("personalArea.desk.favourites")}
          </h2>
          <Link to={href("/area-personale/servizi")}>{t("personalArea.desk.allServices")}</Link>
        </div>
        {favourites === null ? (
          <div role="alert">
            <Callout variant="danger" title={t("personalArea.desk.favouritesFailed")}>
              <p className="mb-0">{t("common.retryLater")}</p>
            </Callout>
          </div>
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
      </section>
    </>
  );
}
