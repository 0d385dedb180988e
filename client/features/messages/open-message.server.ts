import {
  createContext,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { z } from "zod";
import { serverT } from "#client/i18n/server-t.ts";
import { messagesIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import type { Message } from "#shared/api/messages.ts";
import { notifyServiceTitle } from "#shared/api/tenant-config.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { routeError } from "#shared/route-error.ts";
import { DELETED_FLAG } from "./list-loader.server.ts";
import { safeCallToAction } from "./call-to-action.ts";

type OpenedMessage = { message: Message; markedRead: boolean };

/** What the middleware found: the message, nothing (404) or the store's failure, answered by the loader. */
const openedMessageContext = createContext<OpenedMessage | { failure: unknown } | null>(null);

function notFound(context: Readonly<RouterContextProvider>) {
  const t = serverT(context, messagesIt);
  return routeError(404, { title: t("messages.notFound"), details: [t("messages.notFoundDetails")] });
}

/**
 * Whether the citizen opened the message from the portal itself (or typed or bookmarked its address), not from
 * another site's link: only such an opening marks it read. A cross-site link (an e-mail's web client, another site,
 * a page that frames or preloads it) must not change the citizen's data by a GET, so the message stays unread and
 * shows as it is. The browser's `Sec-Fetch-Site` says it (`same-origin`; `none` for a typed address or a bookmark);
 * a browser without it is believed only when its `Referer` is this portal's own host (the portal's
 * Referrer-Policy sends it on same-origin navigations). Marking stays a side effect of the GET rather than a
 * separate POST, so the page keeps working without JavaScript and the unread counts drop on this very answer.
 */
export function isOwnNavigation(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none";
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    return new URL(referer).host === new URL(request.url).host;
  } catch {
    return false;
  }
}

/**
 * Route middleware of a message's page: finds the citizen's message of this municipality and, when the page is
 * opened (GET) from the portal itself (`isOwnNavigation`) and the message is unread, marks it read. Middleware runs before every loader, the root's included,
 * so the unread count on this very answer is already the lowered one. Marking is idempotent: a message already read
 * is never written again. Not found and failures are answered by the loader, so their page renders inside the
 * personal area's layout (an error thrown here, before any loader ran, would go to the root's boundary).
 */
export const openMessage: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  const services = getServices(context);
  const { api } = services;
  let message: Message | null;
  let user: Awaited<ReturnType<typeof getCitizen>>;
  try {
    const [citizen, config] = await Promise.all([getCitizen(context), api.getTenantConfig()]);
    user = citizen;
    message = params.id ? await api.messages.find(user.codFisc, config.comune.codiceEnte, params.id) : null;
  } catch (failure) {
    context.set(openedMessageContext, { failure });
    return next();
  }
  let opened: OpenedMessage | null = message ? { message, markedRead: false } : null;
  if (message && request.method === "GET" && !message.read_at && isOwnNavigation(request)) {
    try {
      const [updated] = await api.messages.markRead(user.codFisc, [message.id]);
      opened = { message: updated ?? { ...message, read_at: new Date().toISOString() }, markedRead: true };
    } catch (error) {
      if (!isUpstreamFailure(error)) throw error;
      // The message is still worth showing; it stays unread.
      services.log.warn({ upstream: "messagestore", status: error.data.status }, "message not marked read");
    }
  }
  context.set(openedMessageContext, opened);
  return next();
};

function openedOrThrow(context: Readonly<RouterContextProvider>): OpenedMessage {
  const opened = context.get(openedMessageContext);
  if (!opened) throw notFound(context);
  if ("failure" in opened) throw opened.failure;
  return opened;
}

/** The page's data: the message (body already sanitised by the upstream module), its call to action's safe target. */
export async function loadMessage(request: Request, context: Readonly<RouterContextProvider>) {
  const { message, markedRead } = openedOrThrow(context);
  const config = await getServices(context).api.getTenantConfig();
  return {
    message: {
      id: message.id,
      title: message.mex.title,
      bodyHtml: message.mex.body ?? "",
      timestamp: message.timestamp,
      // The notification service by its title, never its internal code (issue #25).
      sender: message.sender ? notifyServiceTitle(config, message.sender) : null,
      callToAction: safeCallToAction(message.mex.call_to_action, new URL(request.url).origin),
    },
    markedRead,
    confirmDelete: new URL(request.url).searchParams.has("elimina"),
  };
}

const DeleteSchema = z.object({});

/** "Elimina": the soft delete, then the list with "Messaggio eliminato"; a failing store keeps the page with an alert. */
export async function deleteMessage(request: Request, context: Readonly<RouterContextProvider>) {
  const parsed = await parseForm(request, context, DeleteSchema);
  if (!parsed.ok)
    return data({ deleteError: serverT(context, messagesIt)("messages.deleteError") }, { status: 400 });
  const opened = openedOrThrow(context);
  const user = await getCitizen(context);
  try {
    await getServices(context).api.messages.remove(user.codFisc, opened.message.id);
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    getServices(context).log.warn(
      { upstream: "messagestore", status: error.data.status },
      "message not deleted",
    );
    return data({ deleteError: serverT(context, messagesIt)("messages.deleteError") }, { status: 502 });
  }
  throw redirect(withQuery(href("/area-personale/messaggi"), { [DELETED_FLAG]: 1 }));
}
