import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { FilterForm } from "#client/components/ui/filter-form.tsx";
import { DELEGA_STATI } from "#shared/api/deleghe.ts";
import { Callout } from "#client/components/ui/callout.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { useFocusOnChange } from "#client/components/ui/use-focus-on-change.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { DelegaCard, useStatusLabel } from "./delega-card.tsx";
import { DELEGHE_PAGE, listHref, type DelegheListData } from "./deleghe-view.ts";
import { delegheIt } from "./texts.ts";
import { offersFilter } from "#client/components/ui/card-list.tsx";

const DONE = ["ACCETTA", "RIFIUTA", "RITIRA", "ANNULLA"] as const;

/** Whether the list is narrowed by a filter (or by a delegator's code that was refused, which the filter reports). */
function isFiltered({ filters, delegatorInvalid }: DelegheListData): boolean {
  return Boolean(filters.servizio || filters.stato || filters.delegante || delegatorInvalid);
}

/** The §5 GET filters: service, status, and the delegator's fiscal code on "deleganti". */
function DelegheFilters({ data }: { data: DelegheListData }) {
  const t = useT(delegheIt);
  const { which, filters } = data;
  const status = useStatusLabel(which);
  const filtered = isFiltered(data);
  return (
    <FilterForm
      label={t("deleghe.filter.title")}
      submitLabel={t("deleghe.filter.apply")}
      reset={filtered ? { label: t("deleghe.filter.reset"), href: listHref(which) } : undefined}
    >
      <div className="col-12 col-md-4">
        <SelectField
          name="servizio"
          label={t("deleghe.filter.service")}
          defaultValue={filters.servizio}
          placeholder={t("deleghe.filter.all")}
          options={data.services.map((s) => ({ value: s.id, label: s.titolo }))}
          contentOptions
        />
      </div>
      <div className="col-12 col-md-4">
        <SelectField
          name="stato"
          label={t("deleghe.filter.status")}
          defaultValue={filters.stato}
          placeholder={t("deleghe.filter.all")}
          options={DELEGA_STATI.map((s) => ({ value: s, label: status(s) }))}
        />
      </div>
      {which === "deleganti" ? (
        <div className="col-12 col-md-4">
          <TextField
            name="delegante"
            label={t("deleghe.filter.delegator")}
            defaultValue={filters.delegante}
            autoComplete="off"
            uppercase
            spellCheck={false}
            maxLength={16}
            error={data.delegatorInvalid ? t("deleghe.filter.delegatorInvalid") : undefined}
          />
        </div>
      ) : null}
    </FilterForm>
  );
}

/** The previous and next pages, as links. */
function Paging({ data, pages }: { data: DelegheListData; pages: number }) {
  const t = useT(delegheIt);
  const { which, filters } = data;
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("deleghe.paging")} className="d-flex flex-wrap gap-2">
      {filters.pagina > 1 ? (
        <Link
          className="btn btn-outline-primary"
          to={listHref(which, { ...filters, pagina: filters.pagina - 1 })}
        >
          {t("deleghe.previous")}
        </Link>
      ) : null}
      {filters.pagina < pages ? (
        <Link
          className="btn btn-outline-primary"
          to={listHref(which, { ...filters, pagina: filters.pagina + 1 })}
        >
          {t("deleghe.next")}
        </Link>
      ) : null}
    </nav>
  );
}

/** The delegations found (or the load failure, or none), with the page count and paging. */
function DelegheResults({ data }: { data: DelegheListData }) {
  const t = useT(delegheIt);
  const { which, filters, result } = data;
  const filtered = Boolean(filters.servizio || filters.stato || filters.delegante);
  if (result.status === "failed")
    return (
      <div role="alert" tabIndex={-1}>
        <Callout variant="danger" title={t("deleghe.loadFailed")}>
          <p className="mb-0">{t("common.retryLater")}</p>
        </Callout>
      </div>
    );
  if (result.items.length === 0)
    return (
      <p role="status" tabIndex={-1}>
        {which === "richieste"
          ? t(filtered ? "deleghe.emptyRequestsFiltered" : "deleghe.emptyRequests")
          : t(filtered ? "deleghe.emptyFiltered" : "deleghe.empty")}
      </p>
    );
  const pages = Math.max(1, Math.ceil(result.total / DELEGHE_PAGE));
  return (
    <>
      <p role="status" className="small" tabIndex={-1}>
        {t("deleghe.shown", { page: filters.pagina, pages, count: result.total })}
      </p>
      <ul className="list-unstyled row g-3">
        {result.items.map((delega) => (
          <li key={delega.uuidDelega} className="col-12 col-lg-6">
            <DelegaCard delega={delega} which={which} />
          </li>
        ))}
      </ul>
      <Paging data={data} pages={pages} />
    </>
  );
}

/**
 * One list of delegations: the §5 GET filters (service, status; the delegator's fiscal code on "deleganti"), the
 * delegations, paging as links. A load failure is an alert; the rest of the page stays.
 */
export function DelegheList({ data, failed }: { data: DelegheListData; failed: boolean }) {
  const t = useT(delegheIt);
  const headingId = `deleghe-${data.which}`;
  const done = DONE.find((d) => d === data.done);
  const section = useRef<HTMLElement>(null);
  // After an action, a filter or another page (no page load with JavaScript): the focus goes to what changed, the
  // action's notice or failure first, else the list's count; never left on <body>, never out of view (issue #40).
  useFocusOnChange(`${useLocation().key}:${failed}`, () =>
    section.current?.querySelector<HTMLElement>('[role="alert"], [role="status"]'),
  );
  return (
    <section ref={section} aria-labelledby={headingId}>
      <h2 id={headingId} className="title-xlarge mb-3">
        {t(`deleghe.list.${data.which}`)}
      </h2>
      {done ? (
        <div role="status" className="alert alert-success mb-3" tabIndex={-1}>
          {t(`deleghe.action.${done}`)}
        </div>
      ) : null}
      {failed ? (
        <div role="alert" className="alert alert-danger mb-3" tabIndex={-1}>
          {t("deleghe.action.failed")}
        </div>
      ) : null}
      {offersFilter(data.result, isFiltered(data)) ? <DelegheFilters data={data} /> : null}
      <DelegheResults data={data} />
    </section>
  );
}
