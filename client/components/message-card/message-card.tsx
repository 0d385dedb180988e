import { Link } from "react-router";
import { Icon } from "#client/components/ui/icon.tsx";
import { ContentText, useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { formatDate } from "#shared/dates.ts";
import type { MessageSummary } from "./message-summary.ts";
import "./message-card.css";

export type { MessageSummary } from "./message-summary.ts";

/**
 * One message as a list item: date, read state (icon plus visually-hidden text, a dot when unread) and the title
 * linking to the message's page. Put it inside a `<ul>`: it renders the `<li>`.
 */
export function MessageCard({ message, id }: { message: MessageSummary; id?: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li
      id={id}
      className={`message-card card card-bg shadow-sm mb-3${message.read ? "" : " message-card-unread"}`}
    >
      <div className="card-body d-flex align-items-start gap-3 p-3">
        <span className="message-card-icon position-relative flex-shrink-0" aria-hidden="true">
          <Icon name={message.read ? "it-mail-open" : "it-mail"} className="icon-primary" />
          {message.read ? null : <span className="message-card-dot bg-danger rounded-circle" />}
        </span>
        <div className="flex-grow-1 min-w-0">
          <p className="small text-secondary mb-1">
            <time dateTime={message.timestamp}>{formatDate(message.timestamp, "dd/MM/yy", locale)}</time>
            {message.sender ? (
              <span className="ms-2">
                · <ContentText>{message.sender}</ContentText>
              </span>
            ) : null}
          </p>
          <h3 className="h5 mb-0 message-card-title">
            <Link to={href("/area-personale/messaggi/:id", { id: message.id })} prefetch="none">
              <span className="visually-hidden">
                {message.read ? t("messageCard.read") : t("messageCard.unread")}:{" "}
              </span>
              <ContentText>{message.title}</ContentText>
            </Link>
          </h3>
        </div>
      </div>
    </li>
  );
}
