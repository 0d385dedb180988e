import { useRef } from "react";
import { Link } from "react-router";
import { FilterForm } from "#client/components/ui/filter-form.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { DateRangeFields } from "#client/components/ui/date-range-fields.tsx";
import { ErrorSummary } from "#client/components/ui/error-summary.tsx";
import { formFields } from "#client/components/ui/form-fields.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { useFocusOnChange } from "#client/components/ui/use-focus-on-change.ts";
import { ContentText, TextWithContent, useT } from "#client/i18n/i18n-context.tsx";
import { documentsIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import type { DocumentsPageData, DocumentView } from "./documents-data.server.ts";
import { DOCUMENT_ORDERS, documentSearchQuery, pagerItems } from "./document-query.ts";
import { offersFilter } from "#client/components/ui/card-list.tsx";
import { DownloadLink } from "#client/components/download-link/download-link.tsx";

const LIST_PATH = "/area-personale/documenti" as const;

/** The search: area, description, dates, order (the kit's GET form in a card, a search landmark, "Azzera filtri"). */
function DocumentFilters({ data }: { data: DocumentsPageData }) {
  const t = useT(documentsIt);
  const { values, errors } = data;
  const messages = {
    ...(errors.da ? { da: t(`documents.${errors.da}`) } : {}),
    ...(errors.a ? { a: t(`documents.${errors.a}`) } : {}),
  };
  const { field, summary } = formFields({
    idPrefix: "documenti",
    values,
    errors: messages,
    labels: { da: t("documents.from"), a: t("documents.to") },
  });
  const areas = data.areas.status === "ok" ? data.areas.items : [];
  return (
    <>
      <ErrorSummary items={summary} autoFocus={false} />
      <FilterForm
        look="card"
        search
        title={t("documents.filters")}
        submitLabel={
          <>
            <Icon name="it-search" className="icon-sm icon-white me-1" />
            {t("documents.search")}
          </>
        }
        reset={data.filtered ? { label: t("documents.clear"), href: href(LIST_PATH) } : undefined}
        action={href(LIST_PATH)}
      >
        <div className="col-12 col-md-6">
          <SelectField
            name="ambito"
            label={t("documents.area")}
            placeholder={t("documents.allAreas")}
            options={areas.map((a) => ({ value: String(a.idAmbito), label: a.denominazione }))}
            contentOptions
            defaultValue={values.ambito}
          />
        </div>
        <div className="col-12 col-md-6">
          <TextField
            name="descrizione"
            type="search"
            label={t("documents.description")}
            defaultValue={values.descrizione}
            maxLength={100}
            autoComplete="off"
          />
        </div>
        <DateRangeFields from={field("da")} to={field("a")} columnClassName="col-12 col-md-4" />
        <div className="col-12 col-md-4">
          <SelectField
            name="ordine"
            label={t("documents.sort")}
            options={DOCUMENT_ORDERS.map((o) => ({ value: o, label: t(`documents.sort.${o}`) }))}
            defaultValue={values.ordine}
          />
        </div>
      </FilterForm>
    </>
  );
}

function DocumentItem({ doc }: { doc: DocumentView }) {
  const t = useT(documentsIt);
  const fileHref = href("/area-personale/documenti/:uuid/file", { uuid: doc.uuid });
  return (
    <li className="card card-bg no-after rounded mb-3">
      <div className="card-body">
        <div className="d-flex align-items-start gap-3">
          <Icon
            name={doc.format === "PDF" ? "it-file-pdf" : "it-file"}
            className="icon-primary flex-shrink-0"
          />
          <div className="flex-grow-1 min-w-0">
            <p className="small text-secondary mb-1">
              <span className="visually-hidden">{t("documents.createdOn")} </span>
              <time dateTime={doc.createdIso}>{doc.created}</time>
            </p>
            <h3 className="card-title h5 mb-2 text-break">
              <ContentText>{doc.title}</ContentText>
            </h3>
            {doc.area ? (
              <p className="mb-1">
                <span className="fw-semibold">{t("documents.areaLabel")}</span>{" "}
                <ContentText>{doc.area}</ContentText>
              </p>
            ) : null}
            {doc.type || doc.extension ? (
              <p className="mb-1">
                <span className="fw-semibold">{t("documents.typeLabel")}</span>{" "}
                <ContentText>{doc.type}</ContentText>
                {doc.extension ? ` (.${doc.extension})` : null}
              </p>
            ) : null}
            {doc.expiry ? (
              <p className="mb-1">
                <span className="fw-semibold">{t("documents.expiryLabel")}</span>{" "}
                <time dateTime={doc.expiryIso ?? undefined}>{doc.expiry}</time>
              </p>
            ) : null}
            <DownloadLink className="btn btn-outline-primary btn-sm mt-2" href={fileHref}>
              <Icon name="it-download" className="icon-sm icon-primary me-1" />
              {t("documents.download")}
              <span className="visually-hidden">
                {" "}
                <TextWithContent
                  text={t("documents.downloadDetails", { format: doc.format })}
                  content={{ descrizione: doc.title }}
                />
              </span>
            </DownloadLink>
          </div>
        </div>
      </div>
    </li>
  );
}

function Pager({ data, pages }: { data: DocumentsPageData; pages: number }) {
  const t = useT(documentsIt);
  if (pages <= 1) return null;
  const link = (page: number) => withQuery(href(LIST_PATH), documentSearchQuery(data.values, page));
  const current = data.page;
  return (
    <nav className="pagination-wrapper justify-content-center mt-4" aria-label={t("documents.pager")}>
      <ul className="pagination flex-wrap">
        <li className={current <= 1 ? "page-item disabled" : "page-item"}>
          {current > 1 ? (
            <Link className="page-link" to={link(current - 1)}>
              <Icon name="it-chevron-left" className="icon-primary" />
              <span className="visually-hidden">{t("documents.previous")}</span>
            </Link>
          ) : null}
        </li>
        {pagerItems(Math.min(current, pages), pages).map((page, index) =>
          page === null ? (
            <li className="page-item" key={`gap-${index}`}>
              <span className="page-link" aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li className="page-item" key={page}>
              <Link
                className="page-link"
                to={link(page)}
                aria-current={page === current ? "page" : undefined}
                aria-label={t("documents.pageLink", { page })}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        <li className={current >= pages ? "page-item disabled" : "page-item"}>
          {current < pages ? (
            <Link className="page-link" to={link(current + 1)}>
              <span className="visually-hidden">{t("documents.next")}</span>
              <Icon name="it-chevron-right" className="icon-primary" />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}

/** The documents tab (issue #9): filters, the count, one page of documents with their download links, the pager. */
export function DocumentsPage({ data }: { data: DocumentsPageData }) {
  const t = useT(documentsIt);
  const { list } = data;
  // A new search or page moves the focus to the count ("12 documenti - pagina 2 di 3").
  const count = useRef<HTMLParagraphElement>(null);
  useFocusOnChange(JSON.stringify([data.values, data.page]), count);
  return (
    <section className="mt-4 mb-5" aria-labelledby="documenti-titolo">
      <h2 id="documenti-titolo" className="title-xxlarge mb-4">
        {t("documents.title")}
      </h2>
      {data.areas.status === "failed" && list.status === "ok" ? (
        <div role="status">
          <Callout variant="warning" title={t("documents.failedTitle")}>
            <p className="mb-0">{t("documents.areasFailed")}</p>
          </Callout>
        </div>
      ) : null}
      {offersFilter(list, data.filtered) ? <DocumentFilters data={data} /> : null}
      {list.status === "failed" ? (
        <div role="alert">
          <Callout variant="danger" title={t("documents.failedTitle")}>
            <p className="mb-0">{t("documents.listFailed")}</p>
          </Callout>
        </div>
      ) : (
        <>
          <p ref={count} tabIndex={-1} role="status" className="fw-semibold mb-3">
            {list.total === 0
              ? data.filtered
                ? t("documents.emptyFiltered")
                : t("documents.empty")
              : `${t("documents.count", { count: list.total })}${
                  list.pages > 1 ? ` - ${t("documents.pageOf", { page: data.page, pages: list.pages })}` : ""
                }`}
          </p>
          {list.items.length > 0 ? (
            <ul className="list-unstyled mb-0" aria-labelledby="documenti-titolo">
              {list.items.map((doc) => (
                <DocumentItem doc={doc} key={doc.uuid} />
              ))}
            </ul>
          ) : null}
          <Pager data={data} pages={list.pages} />
        </>
      )}
    </section>
  );
}
