import { z } from "zod";
import {
  MessageListSchema,
  municipalityTag,
  type Message,
  type MessageFilter,
  type MessageListQuery,
  type MessagesApi,
} from "#shared/api/messages.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";
import { sanitizeRichText } from "./sanitize.ts";

const SERVICE = "messagestore";

/** Bodies are the senders' HTML: sanitised here, before any page can render them. */
function sanitized(message: Message): Message {
  const body = message.mex.body ? sanitizeRichText(message.mex.body) : message.mex.body;
  return { ...message, mex: { ...message.mex, body } };
}

function headerNumber(headers: Headers, name: string): number | null {
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
    find: async (codFisc, codiceEnte, id) => {
      const page = await list(codFisc, first({ tag: municipalityTag(codiceEnte), id: { eq: id } }));
      return page.messages.find((message) => message.id === id) ?? null;
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
