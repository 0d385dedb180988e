import { useRef } from "react";
import { Link } from "react-router";
import { FilterForm } from "#client/components/ui/filter-form.tsx";
import { MessageCard } from "#client/components/message-card/message-card.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { DateRangeFields } from "#client/components/ui/date-range-fields.tsx";
import { formFields, type FieldBinding } from "#client/components/ui/form-fields.ts";
import { ErrorSummary } from "#client/components/ui/error-summary.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { FOCUS_LIST, useListFocus } from "#client/components/ui/use-focus-on-change.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { messagesIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import {
  isFiltered,
  listParams,
  MAX_PAGES,
  PAGE_SIZE,
  type ListErrors,
  type ListValues,
  type MessageListData,
} from "./list-query.ts";
import { offersFilter } from "#client/components/ui/card-list.tsx";

export type MessagesPageProps = {
  values: ListValues;
  errors: ListErrors;
  list: MessageListData | null;
  today: string;
};

/** "Messaggi": the filter (a GET form), the messages and "Vedi altre notifiche", which adds 15 more to the list. */
export function MessagesPage({ values, errors, list, today }: MessagesPageProps) {
  const t = useT(messagesIt);
  const errorTexts = {
    da: errors.da ? t(errors.da) : undefined,
    a: errors.a ? t(errors.a) : undefined,
  };
  const { field, summary } = formFields({
    idPrefix: "messages",
    values,
    errors: errorTexts,
    labels: { da: t("messages.filter.from"), a: t("messages.filter.to") },
  });
  const period = { da: field("da"), a: field("a") };
  const section = useRef<HTMLElement>(null);
  // A new filter moves the focus to the count, "Vedi altre notifiche" to the first message it added.
  useListFocus(section, JSON.stringify(listParams(values, 1)), values.pagina * PAGE_SIZE);
  return (
    <section ref={section} aria-labelledby="messages-title">
      <h2 id="messages-title" className="title-xxlarge mb-2">
        {t("messages.title")}
      </h2>
      <p className="text-paragraph mb-4">{t("messages.lead")}</p>
      <ErrorSummary items={summary} />
      {offersFilter(
        list ? { status: "ok", items: list.messages } : { status: "failed" },
        isFiltered(values),
      ) ? (
        <MessageFilters values={values} period={period} senders={list?.senders ?? []} today={today} />
      ) : null}
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

/** The filter's period: the date fields' bindings. */
type Period = Record<"da" | "a", FieldBinding>;

type FilterProps = {
  values: ListValues;
  period: Period;
  senders: NonNullable<MessageListData>["senders"];
  today: string;
};

/** The filter: dates, sender, read or not, order (the kit's GET form in a card, with "Azzera filtri"). */
function MessageFilters({ values, period, senders, today }: FilterProps) {
  const t = useT(messagesIt);
  const listPath = href("/area-personale/messaggi");
  return (
    <FilterForm
      look="card"
      title={t("messages.filter.title")}
      submitLabel={t("messages.filter.apply")}
      reset={{ label: t("messages.filter.reset"), href: listPath }}
      action={listPath}
    >
      <DateRangeFields
        from={period.da}
        to={period.a}
        columnClassName="col-12 col-md-6 col-lg-3"
        max={today}
      />
      <div className="col-12 col-md-6 col-lg-3">
        <SelectField
          name="servizio"
          label={t("messages.filter.sender")}
          defaultValue={values.servizio}
          placeholder={t("messages.filter.anySender")}
          options={senders}
          contentOptions
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
    </FilterForm>
  );
}

/** The anchor of the list's `n`-th message (1-based): "Vedi altre notifiche" leads to the first one it adds. */
const messageAnchor = (n: number) => `messaggio-${n}`;

function MessageList({ values, list }: { values: ListValues; list: MessageListData }) {
  const t = useT(messagesIt);
  const listPath = href("/area-personale/messaggi");
  const shown = list.messages.length;
  const hasMore = shown < list.total && values.pagina < MAX_PAGES;
  return (
    <>
      <p role="status" className="fw-semibold mb-3">
        {t("messages.count", { count: list.total })}
        {shown > 0 && shown < list.total ? (
          <span className="fw-normal"> ({t("messages.shown", { count: shown, total: list.total })})</span>
        ) : null}
      </p>
      {shown === 0 ? (
        <p className="text-paragraph">
          {isFiltered(values) ? t("messages.emptyFiltered") : t("messages.empty")}
        </p>
      ) : (
        <ul {...FOCUS_LIST} className="list-unstyled" aria-label={t("messages.list")}>
          {list.messages.map((message, index) => (
            <MessageCard key={message.id} message={message} id={messageAnchor(index + 1)} />
          ))}
        </ul>
      )}
      {hasMore ? (
        <Link
          className="btn btn-primary"
          to={withQuery(listPath, listParams(values, values.pagina + 1), messageAnchor(shown + 1))}
        >
          {t("messages.more")}
        </Link>
      ) : shown < list.total ? (
        <p className="text-paragraph">{t("messages.narrow")}</p>
      ) : null}
    </>
  );
}
