import { upstreamFailureWording } from "#client/components/error-page/error-page.tsx";
import { useRouteError } from "react-router";
import type { Route } from "./+types/ticket";
import { readRouteError } from "#shared/route-error.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadTicket, ticketAction } from "#client/features/tickets/ticket.server.ts";
import { TicketError } from "#client/features/tickets/ticket-error.tsx";
import { TicketPage } from "#client/features/tickets/ticket-page.tsx";
import { ticketsIt } from "#client/features/tickets/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const middleware = [requireAsset("ASSISTENZA_CRM")];

export const handle = routeHandle("tickets.detail.pageTitle", ticketsIt);

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadTicket(request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return ticketAction(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  const t = metaT(matches, ticketsIt, personalAreaIt);
  const failure = upstreamFailureWording(error);
  const title = loaderData
    ? t("tickets.card.number", { number: loaderData.ticket.number })
    : failure
      ? t(failure.titleKey)
      : (readRouteError(error)?.title ?? t("tickets.detail.pageTitle"));
  return pageTitle(matches, [title, t("personalArea.title")]);
};

/** `/area-personale/richieste/:id`: one of the citizen's assistance tickets with its conversation. */
export default function TicketRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TicketPage
      ticket={loaderData.ticket}
      articles={loaderData.articles}
      confirmClose={loaderData.confirmClose}
      errors={actionData?.errors ?? {}}
      values={actionData?.values ?? {}}
      closeError={actionData?.closeError ?? null}
    />
  );
}

/** Unknown or another citizen's ticket (404) and other failures: inside the personal area's layout. */
export function ErrorBoundary() {
  return <TicketError error={useRouteError()} />;
}
