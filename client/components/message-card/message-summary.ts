import type { Message } from "#shared/api/messages.ts";

/** What a list shows of one message (messages page, desk): no body, so no HTML travels with a list. */
export type MessageSummary = {
  id: string;
  title: string;
  /** ISO instant the message was sent. */
  timestamp: string;
  read: boolean;
  sender: string | null;
};

export function toMessageSummary(message: Message): MessageSummary {
  return {
    id: message.id,
    title: message.mex.title,
    timestamp: message.timestamp,
    read: Boolean(message.read_at),
    sender: message.sender ?? null,
  };
}
