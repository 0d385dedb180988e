import { z } from "zod";
import {
  MessageListSchema,
  municipalityTag,
  type Message,
  type MessageFilter,
  type MessageListQuery,
  type MessagesApi,
} from "#shared/api/messages.ts";
import { callUpstream, type AnswerHeaders, type UpstreamRequestContext } from "./http.ts";
import { sanitizeRichText } from "./sanitize.ts";

const SERVICE = "messagestore";

/** How many of the citizen's messages `find` reads at most when the store does not filter by id (pages of 50). */
const FIND_SCAN = 500;
const FIND_PAGE = 50;

/** Bodies are the senders' HTML: sanitised here, before any page can render them. */
function sanitized(message: Message): Message {
  const body = message.mex.body ? sanitizeRichText(message.mex.body) : message.mex.body;
  return { ...message, mex: { ...message.mex, body } };
}

function headerNumber(headers: AnswerHeaders, name: string): number | null {
  const value = headers.get(name);
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

/** The Notify message store through the BFF (contract §7), always for the logged-in citizen's own fiscal code. */
export function createMessagesApi(ctx: UpstreamRequestContext): MessagesApi {
  const base = (codFisc: string) =>
    `api/notificatore/messagestore/users/${encodeURIComponent(codFisc)}/messages`;
  const list = async (codFisc: string, query: MessageListQuery) => {
    const { data, headers } = await callUpstream(ctx, {
      service: SERVICE,
      path: base(codFisc),
      query: {
        filter: JSON.stringify(query.filter),
        limit: query.limit,
        offset: query.offset,
        sort: query.sort,
      },
      schema: MessageListSchema,
    });
    return {
      messages: data.map(sanitized),
      total: headerNumber(headers, "total-elements") ?? data.length,
      totalUnread: headerNumber(headers, "total-elements-not-read"),
    };
  };
  const first = (filter: MessageFilter) => ({ filter, limit: 1, offset: 0, sort: "-timestamp" as const });
  return {
    list,
    /**
     * One message by id: asked with an `id` filter, which the contract does not list among the store's filters (tag,
     * sender, timestamp, read_at). A store that ignores it answers the newest message instead: then the citizen's
     * messages of the municipality are read page by page (at most `FIND_SCAN`) to find it.
     */
    find: async (codFisc, codiceEnte, id) => {
      const tag = municipalityTag(codiceEnte);
      const direct = await list(codFisc, first({ tag, id: { eq: id } }));
      const hit = direct.messages.find((message) => message.id === id);
      if (hit || direct.messages.length === 0) return hit ?? null;
      for (let offset = 0; offset < FIND_SCAN; offset += FIND_PAGE) {
        const page = await list(codFisc, { filter: { tag }, limit: FIND_PAGE, offset, sort: "-timestamp" });
        const found = page.messages.find((message) => message.id === id);
        if (found) return found;
        if (page.messages.length < FIND_PAGE) break;
      }
      return null;
    },
    countUnread: async (codFisc, codiceEnte) => {
      const page = await list(codFisc, first({ tag: municipalityTag(codiceEnte), read_at: { null: true } }));
      return page.total;
    },
    markRead: async (codFisc, ids) => {
      const now = new Date().toISOString();
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "PUT",
        path: `${base(codFisc)}/status`,
        body: ids.map((id) => ({ id, read_at: now })),
        schema: MessageListSchema,
      });
      return data.map(sanitized);
    },
    remove: async (codFisc, id) => {
      await callUpstream(ctx, {
        service: SERVICE,
        method: "DELETE",
        path: `${base(codFisc)}/${encodeURIComponent(id)}`,
        schema: z.unknown(),
      });
    },
  };
}
