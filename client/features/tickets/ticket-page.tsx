import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { ANY_ATTACHMENT } from "#shared/validation/attachments.ts";
import { FileUpload } from "#client/components/ui/file-upload.tsx";
import { ErrorSummary } from "#client/components/ui/error-summary.tsx";
import { formFields } from "#client/components/ui/form-fields.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { UploadProgress } from "#client/components/ui/upload-progress.tsx";
import { TextareaField } from "#client/components/ui/textarea-field.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { useContentLang, useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { ticketsIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { formatDate } from "#shared/dates.ts";
import { shownFileName } from "#shared/file-name.ts";
import { TicketStateBadge } from "./ticket-card.tsx";
import type { ArticleView, TicketStateView } from "./ticket-view.ts";
import "./tickets.css";
import { DownloadLink } from "#client/components/download-link/download-link.tsx";

export type TicketPageProps = {
  ticket: {
    id: number;
    number: string;
    title: string;
    type: string | null;
    createdAt: string;
    updatedAt: string | null;
    place: string | null;
    state: TicketStateView;
  };
  articles: ArticleView[];
  confirmClose: boolean;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
  closeError: string | null;
};

const REPLY_MAX_LENGTH = 600;

function sizeLabel(bytes: number | null): string | null {
  if (bytes === null) return null;
  return bytes < 1024 ? `${bytes} B` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** `/area-personale/richieste/:id`: the ticket's data, the conversation, the reply form and "Chiudi la richiesta". */
export function TicketPage({ ticket, articles, confirmClose, errors, values, closeError }: TicketPageProps) {
  const t = useT(ticketsIt);
  return (
    <article aria-labelledby="ticket-title" className="mb-5">
      <p className="mb-3">
        <Link
          to={withQuery(href("/area-personale/attivita"), {}, "richieste")}
          className="d-inline-flex align-items-center"
        >
          <Icon name="it-arrow-left" className="icon-sm icon-primary me-1" />
          {t("tickets.detail.back")}
        </Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h2 id="ticket-title" className="title-xxlarge mb-0">
          {ticket.title}
        </h2>
        <TicketStateBadge state={ticket.state} />
      </div>
      <TicketFacts ticket={ticket} />
      <TicketConversation ticket={ticket} articles={articles} />
      {ticket.state.closed ? (
        <p className="alert alert-info" role="status">
          {t("tickets.reply.closedNote")}
        </p>
      ) : (
        <>
          <ReplyForm ticketId={ticket.id} formKey={articles.length} errors={errors} values={values} />
          <CloseTicket ticket={ticket} confirmClose={confirmClose} closeError={closeError} />
        </>
      )}
    </article>
  );
}

type Ticket = TicketPageProps["ticket"];
const ticketPath = (id: number) => href("/area-personale/richieste/:id", { id: String(id) });

/** The ticket's data: number, service, type, state, dates and place. */
function TicketFacts({ ticket }: { ticket: Ticket }) {
  const t = useT(ticketsIt);
  const locale = useLocale();
  const day = (iso: string) => formatDate(iso, "d MMMM yyyy", locale);
  const dayTime = (iso: string) => formatDate(iso, "d MMMM yyyy, HH:mm", locale);
  return (
    <dl className="ticket-facts mb-4">
      <dt>{t("tickets.detail.number")}</dt>
      <dd>{ticket.number}</dd>
      <dt>{t("tickets.detail.service")}</dt>
      <dd>{ticket.title}</dd>
      {ticket.type ? (
        <>
          <dt>{t("tickets.detail.type")}</dt>
          <dd>{ticket.type}</dd>
        </>
      ) : null}
      <dt>{t("tickets.state.label")}</dt>
      <dd>{t(ticket.state.label)}</dd>
      <dt>{t("tickets.detail.created")}</dt>
      <dd>
        <time dateTime={ticket.createdAt}>{day(ticket.createdAt)}</time>
      </dd>
      {ticket.updatedAt ? (
        <>
          <dt>{t("tickets.detail.updated")}</dt>
          <dd>
            <time dateTime={ticket.updatedAt}>{dayTime(ticket.updatedAt)}</time>
          </dd>
        </>
      ) : null}
      {ticket.place ? (
        <>
          <dt>{t("tickets.detail.place")}</dt>
          <dd>{ticket.place}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The conversation: each article (citizen or operator) with its date, sanitised body and attachments. */
function TicketConversation({ ticket, articles }: { ticket: Ticket; articles: ArticleView[] }) {
  const t = useT(ticketsIt);
  const locale = useLocale();
  // The office's replies are the municipality's Italian; the citizen's own words are in whatever language he wrote.
  const operatorLang = useContentLang();
  const dayTime = (iso: string) => formatDate(iso, "d MMMM yyyy, HH:mm", locale);
  return (
    <section aria-labelledby="conversazione-title" id="conversazione" className="mb-5">
      <h3 id="conversazione-title" className="title-xlarge mb-3">
        {t("tickets.conversation.title")}
      </h3>
      {articles.length === 0 ? (
        <p>{t("tickets.conversation.empty")}</p>
      ) : (
        <ol className="list-unstyled ticket-conversation">
          {articles.map((article) => (
            <li
              key={article.id}
              className={`card card-bg shadow-sm rounded mb-3 ticket-article ${
                article.fromCitizen ? "ticket-article-citizen" : "ticket-article-operator"
              }`}
            >
              <div className="card-body">
                <h4 className="h6 mb-1">
                  {article.fromCitizen ? t("tickets.conversation.you") : t("tickets.conversation.operator")}
                </h4>
                <p className="small text-secondary mb-2">
                  <time dateTime={article.createdAt}>{dayTime(article.createdAt)}</time>
                </p>
                {/* The article's HTML, sanitised on the server (sanitize-html) before it gets here. */}
                <div
                  className="ticket-article-body"
                  lang={article.fromCitizen ? undefined : operatorLang}
                  dangerouslySetInnerHTML={{ __html: article.bodyHtml }}
                />
                <ArticleAttachments ticketId={ticket.id} article={article} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** An article's attachments as download links with their size. */
function ArticleAttachments({ ticketId, article }: { ticketId: number; article: ArticleView }) {
  const t = useT(ticketsIt);
  if (!article.attachments.length) return null;
  return (
    <>
      <p className="small fw-semibold mb-1">{t("tickets.conversation.attachments")}</p>
      <ul className="list-unstyled mb-0">
        {article.attachments.map((attachment) => (
          <li key={attachment.id}>
            <DownloadLink
              className="d-inline-flex align-items-center"
              href={href("/area-personale/richieste/:id/articoli/:articleId/allegati/:attachmentId", {
                id: String(ticketId),
                articleId: String(article.id),
                attachmentId: String(attachment.id),
              })}
            >
              <Icon name="it-clip" className="icon-sm icon-primary me-1" />
              {t("tickets.conversation.download", {
                filename: shownFileName(attachment.filename),
              })}
              {sizeLabel(attachment.size) ? (
                <span className="ms-1 text-secondary">({sizeLabel(attachment.size)})</span>
              ) : null}
            </DownloadLink>
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Rispondi": the message and an attachment, with the error summary; empty again after a reply is sent. */
function ReplyForm(props: {
  ticketId: number;
  formKey: number;
  errors: TicketPageProps["errors"];
  values: TicketPageProps["values"];
}) {
  const t = useT(ticketsIt);
  const { errors, values } = props;
  const pagePath = ticketPath(props.ticketId);
  const { field, summary } = formFields({
    idPrefix: "ticket-reply",
    values,
    errors,
    labels: { messaggio: t("tickets.reply.body"), allegato: t("tickets.reply.attachment") },
  });
  const file = field("allegato");
  return (
    <section aria-labelledby="rispondi-title" className="mb-5">
      <h3 id="rispondi-title" className="title-xlarge mb-3">
        {t("tickets.reply.title")}
      </h3>
      <ErrorSummary items={summary} />
      {errors.form ? (
        <div className="alert alert-danger" role="alert">
          {errors.form}
        </div>
      ) : null}
      {/* Keyed by the conversation's length: after a reply is sent the form starts empty again. */}
      <Form key={props.formKey} method="post" action={pagePath} encType="multipart/form-data" noValidate>
        <XsrfField />
        <TextareaField {...field("messaggio")} required rows={5} maxLength={REPLY_MAX_LENGTH} />
        <FileUpload
          id={file.id}
          name={file.name}
          label={file.label}
          rules={ANY_ATTACHMENT}
          hint={t("tickets.reply.attachmentHint")}
          error={file.error}
        />
        <SubmitButton>{t("tickets.reply.submit")}</SubmitButton>
        <UploadProgress />
      </Form>
    </section>
  );
}

/** "Chiudi la richiesta": a link to the confirmation, which is a small POST form (works without JavaScript). */
function CloseTicket(props: { ticket: Ticket; confirmClose: boolean; closeError: string | null }) {
  const t = useT(ticketsIt);
  const { ticket, confirmClose, closeError } = props;
  const pagePath = ticketPath(ticket.id);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirmClose) confirmRef.current?.focus();
  }, [confirmClose]);
  return (
    <>
      {closeError ? (
        <div className="alert alert-danger" role="alert">
          {closeError}
        </div>
      ) : null}
      {confirmClose ? (
        <section className="card card-bg shadow-sm border-danger mb-4" aria-labelledby="close-title">
          <div className="card-body p-3 p-lg-4">
            <h3 id="close-title" ref={confirmRef} tabIndex={-1} className="h5">
              {t("tickets.close.title")}
            </h3>
            <p>{t("tickets.close.text", { number: ticket.number })}</p>
            <Form
              method="post"
              action={withQuery(pagePath, { chiudi: 1 })}
              className="d-flex flex-wrap gap-3"
            >
              <XsrfField />
              <SubmitButton className="btn btn-danger">{t("tickets.close.confirm")}</SubmitButton>
              <Link to={pagePath} className="btn btn-outline-primary">
                {t("tickets.close.cancel")}
              </Link>
            </Form>
          </div>
        </section>
      ) : (
        <Link className="btn btn-outline-danger" to={withQuery(pagePath, { chiudi: 1 }, "close-title")}>
          {t("tickets.close.open")}
        </Link>
      )}
    </>
  );
}
