import type { RouterContextProvider } from "react-router";
import { toMessageSummary } from "#client/components/message-card/message-summary.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { messagesIt } from "./texts.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { municipalityTag } from "#shared/api/messages.ts";
import { notifyServiceTitle } from "#shared/api/tenant-config.ts";
import { todayInRome } from "#shared/dates.ts";
import { readListQuery, toStoreQueries, type MessageListData } from "./list-query.ts";

/** The query flag the delete action redirects with, so the list confirms "Messaggio eliminato". */
export const DELETED_FLAG = "eliminato";

/** How many messages are read to offer the "Servizio" choices (the senders of the citizen's messages). */
const SENDER_SAMPLE = 100;

/**
 * The list page: the filter from the address, one page of the municipality's messages and the senders to filter
 * by. A store that fails leaves the page up with "Non è stato possibile ottenere le notifiche".
 */
export async function loadMessageList(request: Request, context: Readonly<RouterContextProvider>) {
  const services = getServices(context);
  const t = serverT(context, messagesIt);
  const [user, config] = await Promise.all([getCitizen(context), services.api.getTenantConfig()]);
  const url = new URL(request.url);
  const { values, errors } = readListQuery(url.searchParams, todayInRome());
  // The shell shows loader toasts (`{ toasts }` in a route's data), server-rendered for browsers without JavaScript.
  const toasts = url.searchParams.has(DELETED_FLAG)
    ? [{ id: "message-deleted", kind: "success" as const, title: t("messages.deleted"), html: "" }]
    : [];
  const { codiceEnte } = config.comune;
  let list: MessageListData | null = null;
  try {
    const [pages, sample] = await Promise.all([
      Promise.all(
        toStoreQueries(values, errors, codiceEnte).map((query) =>
          services.api.messages.list(user.codFisc, query),
        ),
      ),
      services.api.messages.list(user.codFisc, {
        filter: { tag: municipalityTag(codiceEnte) },
        limit: SENDER_SAMPLE,
        offset: 0,
        sort: "-timestamp",
      }),
    ]);
    const senders = new Set(sample.messages.flatMap((message) => (message.sender ? [message.sender] : [])));
    if (values.servizio) senders.add(values.servizio);
    list = {
      messages: pages.flatMap((page) => page.messages.map((message) => toMessageSummary(message, config))),
      total: pages[0]?.total ?? 0,
      // The filter still sends the code (`sender eq`); the citizen reads the service's title (issue #25).
      senders: [...senders]
        .map((code) => ({ value: code, label: notifyServiceTitle(config, code) }))
        .sort((a, b) => a.label.localeCompare(b.label, "it")),
    };
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    services.log.warn({ upstream: "messagestore", status: error.data.status }, "messages not loaded");
  }
  return { values, errors, list, today: todayInRome(), toasts };
}
