import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useRevalidator } from "react-router";
import { Icon } from "#client/components/ui/icon.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { useContentLang, useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { messagesIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { formatDate } from "#shared/dates.ts";
import "#client/components/message-card/message-card.css";
import "./messages.css";

export type MessagePageProps = {
  message: {
    id: string;
    title: string;
    bodyHtml: string;
    timestamp: string;
    sender: string | null;
    callToAction: string | null;
  };
  markedRead: boolean;
  confirmDelete: boolean;
  deleteError: string | null;
};

/**
 * After a client-side navigation the root data (the unread badges) is not reloaded by itself: when opening the
 * message marked it read, reload it once. A first page load already carries the lowered count.
 */
function useRefreshUnreadCount(markedRead: boolean, id: string) {
  const location = useLocation();
  const { revalidate } = useRevalidator();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!markedRead || location.key === "default" || done.current === id) return;
    done.current = id;
    void revalidate();
  }, [markedRead, location.key, id, revalidate]);
}

/** The message itself: its title, when and from which service it came, and its body (the municipality's texts). */
function MessageContent({ message }: Pick<MessagePageProps, "message">) {
  const t = useT(messagesIt);
  const lang = useContentLang();
  const locale = useLocale();
  return (
    <>
      <h2 id="message-title" className="title-xxlarge mb-3" lang={lang}>
        {message.title}
      </h2>
      <dl className="d-flex flex-wrap gap-2 small mb-4">
        <div className="d-flex gap-2 me-4">
          <dt>{t("messages.date")}</dt>
          <dd className="mb-0">
            <time dateTime={message.timestamp}>
              {formatDate(message.timestamp, "d MMMM yyyy, HH:mm", locale)}
            </time>
          </dd>
        </div>
        {message.sender ? (
          <div className="d-flex gap-2 me-4">
            <dt>{t("messages.sender")}</dt>
            <dd className="mb-0" lang={lang}>
              {message.sender}
            </dd>
          </div>
        ) : null}
      </dl>
      {/* The body is the sender's HTML, sanitised on the server (sanitize-html) before it gets here. */}
      <div
        className="message-body text-paragraph mb-4"
        lang={lang}
        dangerouslySetInnerHTML={{ __html: message.bodyHtml }}
      />
    </>
  );
}

export function MessagePage({ message, markedRead, confirmDelete, deleteError }: MessagePageProps) {
  const t = useT(messagesIt);
  useRefreshUnreadCount(markedRead, message.id);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirmDelete) confirmRef.current?.focus();
  }, [confirmDelete]);
  const pagePath = href("/area-personale/messaggi/:id", { id: message.id });
  return (
    <article aria-labelledby="message-title">
      <p className="mb-3">
        <Link to={href("/area-personale/messaggi")} className="d-inline-flex align-items-center">
          <Icon name="it-arrow-left" className="icon-sm icon-primary me-1" />
          {t("messages.back")}
        </Link>
      </p>
      <MessageContent message={message} />
      {deleteError ? (
        <div className="alert alert-danger" role="alert">
          {deleteError}
        </div>
      ) : null}
      {confirmDelete ? (
        <section
          className="card card-bg shadow-sm border-danger mb-4 messages-card"
          aria-labelledby="delete-title"
        >
          <div className="card-body p-3 p-lg-4">
            <h3 id="delete-title" ref={confirmRef} tabIndex={-1} className="h5">
              {t("messages.deleteTitle")}
            </h3>
            <p>{t("messages.deleteConfirm", { title: message.title })}</p>
            <Form method="post" action={pagePath} className="d-flex flex-wrap gap-3">
              <XsrfField />
              <SubmitButton className="btn btn-danger">{t("messages.delete")}</SubmitButton>
              <Link to={pagePath} className="btn btn-outline-primary">
                {t("messages.deleteCancel")}
              </Link>
            </Form>
          </div>
        </section>
      ) : (
        <div className="d-flex flex-wrap gap-3">
          {message.callToAction ? (
            <a className="btn btn-primary" href={message.callToAction}>
              {t("messages.go")}
            </a>
          ) : null}
          <Link className="btn btn-outline-danger" to={withQuery(pagePath, { elimina: 1 })}>
            {t("messages.delete")}
          </Link>
        </div>
      )}
    </article>
  );
}
