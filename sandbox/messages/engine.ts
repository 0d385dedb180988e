import type { StoredMessage } from "./types.ts";

/**
 * The message store's query engine (Notify "notify-messagestore", contract §7). The filter is JSON:
 * `{"tag":{"match":"+citfac c_v001 -deleted"}, "sender":{"eq":"…"}, "timestamp":{"gte":ISO,"lte":ISO},
 * "read_at":{"null":true|false}, "id":{"eq":"…"}}`. In a tag match `+word` (or a bare word) must be among the
 * message's tags and `-word` must not.
 */
export type MessageFilter = {
  tag?: { match?: string };
  sender?: { eq?: string };
  timestamp?: { gte?: string; lte?: string };
  read_at?: { null?: boolean };
  id?: { eq?: string };
};

export class FilterError extends Error {}

const FIELDS = new Set(["tag", "sender", "timestamp", "read_at", "id"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new FilterError(`${name}: stringa attesa`);
  return value;
}

function optionalDate(value: unknown, name: string): string | undefined {
  const text = optionalString(value, name);
  if (text !== undefined && Number.isNaN(Date.parse(text))) throw new FilterError(`${name}: data non valida`);
  return text;
}

/** Parses the `filter` query parameter; throws `FilterError` on anything it does not understand. */
export function parseFilter(raw: unknown): MessageFilter {
  if (raw === undefined || raw === "") return {};
  if (typeof raw !== "string") throw new FilterError("filter: JSON atteso");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new FilterError("filter: JSON non valido");
  }
  if (!isRecord(json)) throw new FilterError("filter: oggetto atteso");
  for (const key of Object.keys(json)) {
    if (!FIELDS.has(key)) throw new FilterError(`filter: campo sconosciuto ${key}`);
    if (!isRecord(json[key])) throw new FilterError(`filter: ${key} deve essere un oggetto`);
  }
  const tag = json.tag as Record<string, unknown> | undefined;
  const sender = json.sender as Record<string, unknown> | undefined;
  const timestamp = json.timestamp as Record<string, unknown> | undefined;
  const readAt = json.read_at as Record<string, unknown> | undefined;
  const id = json.id as Record<string, unknown> | undefined;
  if (readAt && readAt.null !== undefined && typeof readAt.null !== "boolean") {
    throw new FilterError("read_at.null: booleano atteso");
  }
  return {
    ...(tag ? { tag: { match: optionalString(tag.match, "tag.match") } } : {}),
    ...(sender ? { sender: { eq: optionalString(sender.eq, "sender.eq") } } : {}),
    ...(timestamp
      ? {
          timestamp: {
            gte: optionalDate(timestamp.gte, "timestamp.gte"),
            lte: optionalDate(timestamp.lte, "timestamp.lte"),
          },
        }
      : {}),
    ...(readAt ? { read_at: { null: readAt.null as boolean | undefined } } : {}),
    ...(id ? { id: { eq: optionalString(id.eq, "id.eq") } } : {}),
  };
}

export function tagsOf(message: StoredMessage): string[] {
  return message.tag
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** `+a b -c`: a and b among the tags, c not. */
export function matchesTags(message: StoredMessage, match: string | undefined): boolean {
  if (!match) return true;
  const tags = new Set(tagsOf(message));
  return match
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => (word.startsWith("-") ? !tags.has(word.slice(1)) : tags.has(word.replace(/^\+/, ""))));
}

export function matchesFilter(message: StoredMessage, filter: MessageFilter): boolean {
  if (!matchesTags(message, filter.tag?.match)) return false;
  if (filter.sender?.eq !== undefined && message.sender !== filter.sender.eq) return false;
  if (filter.id?.eq !== undefined && message.id !== filter.id.eq) return false;
  const time = Date.parse(message.timestamp);
  if (filter.timestamp?.gte && time < Date.parse(filter.timestamp.gte)) return false;
  if (filter.timestamp?.lte && time > Date.parse(filter.timestamp.lte)) return false;
  if (filter.read_at?.null === true && message.read_at !== null) return false;
  if (filter.read_at?.null === false && message.read_at === null) return false;
  return true;
}

export type MessageQuery = { filter: MessageFilter; limit: number; offset: number; descending: boolean };

export type MessagePage = {
  messages: StoredMessage[];
  headers: {
    "total-elements": number;
    "total-elements-not-read": number;
    "total-pages": number;
    "current-page": number;
    "page-size": number;
  };
};

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

function integerParam(raw: unknown, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === "") return fallback;
  const value = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new FilterError(`${name}: intero tra ${min} e ${max} atteso`);
  }
  return value;
}

/** `limit` (default 10, max 100), `offset`, `sort` (`-timestamp` default, `+timestamp`; a raw "+" arrives as " "). */
export function parseQuery(query: Record<string, unknown>): MessageQuery {
  const sort = typeof query.sort === "string" ? query.sort.trim() : "-timestamp";
  if (!["-timestamp", "+timestamp", "timestamp", ""].includes(sort)) {
    throw new FilterError("sort: -timestamp o +timestamp");
  }
  return {
    filter: parseFilter(query.filter),
    limit: integerParam(query.limit, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT),
    offset: integerParam(query.offset, "offset", 0, 0, Number.MAX_SAFE_INTEGER),
    descending: sort === "-timestamp" || sort === "",
  };
}

/**
 * One page of a citizen's messages. `total-elements-not-read` counts every unread message matching the tag filter
 * (the municipality's inbox), not only the returned page: the real store counts the page only, which made the
 * original's badge wrong; the portal reads the unread count from `total-elements` of a `read_at null` query anyway.
 */
export function queryMessages(all: readonly StoredMessage[], query: MessageQuery): MessagePage {
  const matching = all
    .filter((message) => matchesFilter(message, query.filter))
    .sort((a, b) => {
      const order = Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id.localeCompare(b.id);
      return query.descending ? -order : order;
    });
  const unread = all.filter(
    (message) => message.read_at === null && matchesTags(message, query.filter.tag?.match),
  ).length;
  return {
    messages: matching.slice(query.offset, query.offset + query.limit),
    headers: {
      "total-elements": matching.length,
      "total-elements-not-read": unread,
      "total-pages": Math.ceil(matching.length / query.limit),
      "current-page": Math.floor(query.offset / query.limit) + 1,
      "page-size": query.limit,
    },
  };
}

export type DeleteResult = "deleted" | "already-deleted" | "not-found";

/** Soft delete: the message gets the tag `deleted`. */
export function softDelete(messages: StoredMessage[], id: string): DeleteResult {
  const message = messages.find((candidate) => candidate.id === id);
  if (!message) return "not-found";
  if (tagsOf(message).includes("deleted")) return "already-deleted";
  message.tag = [...tagsOf(message), "deleted"].join(",");
  return "deleted";
}

export type StatusChange = { id: string; read_at?: unknown; tag?: string };

/** Parses the `PUT messages/status` body: an array of `{ id, read_at?, tag? }`. */
export function parseStatusChanges(body: unknown): StatusChange[] {
  if (!Array.isArray(body)) throw new FilterError("Array di { id, read_at } atteso");
  return body.map((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.id !== "string" || !entry.id) {
      throw new FilterError("Ogni elemento deve avere un id");
    }
    if (entry.tag !== undefined && typeof entry.tag !== "string")
      throw new FilterError("tag: stringa attesa");
    return { id: entry.id, read_at: entry.read_at, tag: entry.tag as string | undefined };
  });
}

/**
 * Applies read states: a truthy `read_at` marks read (keeping the first reading time, so opening a message twice
 * changes nothing), a falsy one marks unread; `tag` replaces the tags. Unknown ids are skipped. Returns the changed
 * messages.
 */
export function applyStatus(messages: StoredMessage[], changes: StatusChange[], now: Date): StoredMessage[] {
  return changes.flatMap((change) => {
    const message = messages.find((candidate) => candidate.id === change.id);
    if (!message) return [];
    if ("read_at" in change && change.read_at !== undefined) {
      message.read_at = change.read_at ? (message.read_at ?? now.toISOString()) : null;
    }
    if (change.tag !== undefined) message.tag = change.tag;
    return [message];
  });
}
