import type { Message } from "#shared/api/messages.ts";
import { notifyServiceTitle, type TenantConfig } from "#shared/api/tenant-config.ts";

/** What a list shows of one message (messages page, desk): no body, so no HTML travels with a list. */
export type MessageSummary = {
  id: string;
  title: string;
  /** ISO instant the message was sent. */
  timestamp: string;
  read: boolean;
  /** The notification service that sent it, by its title (never the internal code, issue #25). */
  sender: string | null;
};

/** `config`: to title the sender (`notifyServiceTitle`). */
export function toMessageSummary(
  message: Message,
  config: Pick<TenantConfig, "comune" | "dettagli">,
): MessageSummary {
  return {
    id: message.id,
    title: message.mex.title,
    timestamp: message.timestamp,
    read: Boolean(message.read_at),
    sender: message.sender ? notifyServiceTitle(config, message.sender) : null,
  };
}
