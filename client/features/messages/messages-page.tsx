import { Form, Link } from "react-router";
import { MessageCard } from "#client/components/message-card/message-card.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { ErrorSummary, errorSummaryItems } from "#client/components/ui/error-summary.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { messagesIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import {
  isFiltered,
  listParams,
  PAGE_SIZE,
  type ListErrors,
  type ListValues,
  type MessageListData,
} from "./list-query.ts";
import "./messages.css";

export type MessagesPageProps = {
  values: ListValues;
  errors: ListErrors;
  list: MessageListData | null;
  today: string;
};

const FIELD_IDS = { da: "messages-from", a: "messages-to" } as const;

/** "Messaggi": the filter (a GET form), one page of messages and the links to the next and previous pages. */
export function MessagesPage({ values, errors, list, today }: MessagesPageProps) {
  const t = useT(messagesIt);
  const errorTexts = {
    da: errors.da ? t(errors.da) : undefined,
    a: errors.a ? t(errors.a) : undefined,
  };
  const listPath = href("/area-personale/messaggi");
  return (
    <section aria-labelledby="messages-title">
      <h2 id="messages-title" className="title-xxlarge mb-2">
        {t("messages.title")}
      </h2>
      <p className="text-paragraph mb-4">{t("messages.lead")}</p>
      <ErrorSummary
        items={errorSummaryItems(errorTexts, {
          da: { id: FIELD_IDS.da, label: t("messages.filter.from") },
          a: { id: FIELD_IDS.a, label: t("messages.filter.to") },
        })}
      />
      <Form
        method="get"
        action={listPath}
        className="card card-bg shadow-sm mb-4 messages-card"
        aria-labelledby="filter-title"
      >
        <div className="card-body p-3 p-lg-4">
          <h3 id="filter-title" className="h5 mb-4">
            {t("messages.filter.title")}
          </h3>
          <div className="row gx-3">
            <div className="col-12 col-md-6 col-lg-3">
              <TextField
                id={FIELD_IDS.da}
                name="da"
                type="date"
                label={t("messages.filter.from")}
                max={today}
                defaultValue={values.da}
                error={errorTexts.da}
              />
            </div>
            <div className="col-12 col-md-6 col-lg-3">
              <TextField
                id={FIELD_IDS.a}
                name="a"
                type="date"
                label={t("messages.filter.to")}
                max={today}
                defaultValue={values.a}
                error={errorTexts.a}
              />
            </div>
            <div className="col-12 col-md-6 col-lg-3">
              <SelectField
                name="servizio"
                label={t("messages.filter.sender")}
                defaultValue={values.servizio}
                placeholder={t("messages.filter.anySender")}
                options={(list?.senders ?? []).map((sender) => ({ value: sender, label: sender }))}
              />
            </div>
            <div className="col-12 col-md-6 col-lg-3">
              <SelectField
                name="stato"
                label={t("messages.filter.read")}
                defaultValue={values.stato}
                options={[
                  { value: "", label: t("messages.filter.readAll") },
                  { value: "non-letti", label: t("messages.filter.unread") },
                  { value: "letti", label: t("messages.filter.readOnly") },
                ]}
              />
            </div>
            <div className="col-12 col-md-6 col-lg-3">
              <SelectField
                name="ordine"
                label={t("messages.filter.sort")}
                defaultValue={values.ordine}
                options={[
                  { value: "recenti", label: t("messages.filter.newest") },
                  { value: "meno-recenti", label: t("messages.filter.oldest") },
                ]}
              />
            </div>
          </div>
          <div className="d-flex flex-wrap gap-3 align-items-center">
            <button type="submit" className="btn btn-primary">
              {t("messages.filter.apply")}
            </button>
            <Link to={listPath} className="btn btn-outline-primary">
              {t("messages.filter.reset")}
            </Link>
          </div>
        </div>
      </Form>
      {list ? (
        <MessageList values={values} list={list} />
      ) : (
        <div role="alert">
          <Callout variant="danger" title={t("messages.loadErrorTitle")}>
            <p className="mb-0">{t("messages.loadError")}</p>
          </Callout>
        </div>
      )}
    </section>
  );
}

function MessageList({ values, list }: { values: ListValues; list: MessageListData }) {
  const t = useT(messagesIt);
  const listPath = href("/area-personale/messaggi");
  const first = (values.pagina - 1) * PAGE_SIZE + 1;
  const last = first + list.messages.length - 1;
  const hasMore = last < list.total;
  return (
    <>
      <p role="status" className="fw-semibold mb-3">
        {t("messages.count", { count: list.total })}
        {list.messages.length > 0 && (values.pagina > 1 || hasMore) ? (
          <span className="fw-normal">
            {" "}
            ({t("messages.range", { from: first, to: last, total: list.total })})
          </span>
        ) : null}
      </p>
      {list.messages.length === 0 ? (
        <p className="text-paragraph">
          {isFiltered(values) ? t("messages.emptyFiltered") : t("messages.empty")}
        </p>
      ) : (
        <ul className="list-unstyled" aria-label={t("messages.list")}>
          {list.messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ul>
      )}
      <div className="d-flex flex-wrap gap-3">
        {values.pagina > 1 ? (
          <Link
            className="btn btn-outline-primary"
            to={withQuery(listPath, listParams(values, values.pagina - 1))}
          >
            {t("messages.newer")}
          </Link>
        ) : null}
        {hasMore ? (
          <Link className="btn btn-primary" to={withQuery(listPath, listParams(values, values.pagina + 1))}>
            {t("messages.more")}
          </Link>
        ) : null}
      </div>
    </>
  );
}
