import type { RouterContextProvider } from "react-router";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { getServices } from "#client/lib/services.ts";
import { sameFiscalCode } from "#shared/validation/fiscal-code.ts";
import { STATES_OF, toTicketCard, type TicketActivities, type TicketsQuery } from "./ticket-view.ts";

/**
 * The citizen's tickets for the personal area's "Richieste di assistenza": newest first, the first `richieste`
 * (the search has no total: there may be more when the page came back full). An upstream failure is `failed`, so
 * the rest of the page renders.
 */
export async function loadTicketActivities(
  context: Readonly<RouterContextProvider>,
  codFisc: string,
  query: TicketsQuery,
): Promise<TicketActivities> {
  const services = getServices(context);
  try {
    const tickets = await services.api.crm.searchTickets({
      codiceFiscale: codFisc,
      page: 1,
      perPage: query.richieste,
      ...(query.cerca ? { title: query.cerca } : {}),
      ...(STATES_OF[query.stato] ? { states: STATES_OF[query.stato] } : {}),
      sortBy: "created_at",
      orderBy: "desc",
    });
    // The portal's own check: whatever the upstream answers, only the citizen's tickets are shown.
    const own = tickets.filter((t) => sameFiscalCode(t.customer?.codice_fiscale, codFisc));
    return { status: "ok", items: own.map(toTicketCard), more: tickets.length >= query.richieste };
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    services.log.warn({ upstream: "crm", status: error.data.status }, "tickets not loaded");
    return { status: "failed" };
  }
}
