import { z } from "zod";

/*
 * Notify message store (`/api/notificatore/messagestore/users/{cf}/messages*`, upstream contract §7). A message
 * body is HTML from the sender: it is sanitised on the server before a page renders it.
 */

export const MessageSchema = z
  .object({
    id: z.string(),
    user_id: z.string().nullish(),
    mex: z
      .object({
        title: z.string(),
        body: z.string().nullish(),
        call_to_action: z.string().nullish(),
      })
      .loose(),
    tag: z.string().nullish(),
    read_at: z.string().nullable().optional(),
    timestamp: z.string(),
    sender: z.string().nullish(),
  })
  .loose();
export type Message = z.infer<typeof MessageSchema>;

export const MessageListSchema = MessageSchema.array();

/** The store's JSON filter: only the fields the portal sends. */
export type MessageFilter = {
  tag: { match: string };
  sender?: { eq: string };
  timestamp?: { gte?: string; lte?: string };
  read_at?: { null: boolean };
  id?: { eq: string };
};

/** The messages of one municipality that are not deleted: `+citfac {codiceEnte} -deleted`. */
export function municipalityTag(codiceEnte: string): MessageFilter["tag"] {
  return { match: `+citfac ${codiceEnte} -deleted` };
}

export type MessageListQuery = {
  filter: MessageFilter;
  limit: number;
  offset: number;
  sort: "-timestamp" | "+timestamp";
};

export type MessagePage = {
  messages: Message[];
  /** Messages matching the filter (all pages). */
  total: number;
  /** From `total-elements-not-read`: null when the store did not send it. */
  totalUnread: number | null;
};

export interface MessagesApi {
  list(codFisc: string, query: MessageListQuery): Promise<MessagePage>;
  /** One message of the municipality by id (null when unknown, deleted or another municipality's). */
  find(codFisc: string, codiceEnte: string, id: string): Promise<Message | null>;
  /** How many of the municipality's messages are unread (one cheap call: `limit=1`, `read_at null`). */
  countUnread(codFisc: string, codiceEnte: string): Promise<number>;
  /** Marks messages read (`PUT messages/status`). */
  markRead(codFisc: string, ids: string[]): Promise<Message[]>;
  /** Soft delete (`DELETE messages/{id}`). */
  remove(codFisc: string, id: string): Promise<void>;
}
