import { useRef } from "react";
import { FilterForm } from "#client/components/ui/filter-form.tsx";
import { Link } from "react-router";
import { Callout } from "#client/components/ui/callout.tsx";
import { LoadFailed } from "#client/components/ui/load-failed.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { FOCUS_LIST, useListFocus } from "#client/components/ui/use-focus-on-change.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href, withQuery } from "#client/lib/links.ts";
import { instancesIt } from "./texts.ts";
import { InstanceCard } from "./instance-card.tsx";
import {
  INSTANCES_PAGE,
  instancesQueryWords,
  type InstanceActivities,
  type InstancesQuery,
} from "./instance-view.ts";

export type InstancesSectionProps = {
  instances: InstanceActivities;
  query: InstancesQuery;
  /** The page's other query parameters (the other sections' filters), kept by the filter form and the paging links. */
  otherQuery: Record<string, string>;
  /** The draft just created by "Duplica", named in a notice. */
  duplicated: string | null;
};

/**
 * "Pratiche" of the personal area's Attività: the citizen's instances (MOON) newest first, 5 at a time ("Vedi altre
 * pratiche" / "Vedi meno pratiche" are GET links), a GET filter by status. A load failure is an alert; the page stays.
 */
export function InstancesSection({ instances, query, otherQuery, duplicated }: InstancesSectionProps) {
  const t = useT(instancesIt);
  const section = useRef<HTMLElement>(null);
  useListFocus(section, query.stato, query.pratiche);
  return (
    <section ref={section} aria-labelledby="attivita-pratiche" className="mb-5" id="pratiche">
      <h3 id="attivita-pratiche" className="title-xlarge mb-3">
        {t("instances.section.title")}
      </h3>
      {duplicated ? (
        <div role="status" className="mb-3">
          <Callout variant="success" title={t("instances.section.duplicated", { code: duplicated })}>
            <p className="mb-0">{t("instances.section.duplicatedText")}</p>
          </Callout>
        </div>
      ) : null}
      <InstancesFilter query={query} otherQuery={otherQuery} />
      <InstanceList instances={instances} query={query} otherQuery={otherQuery} />
    </section>
  );
}

type ListProps = Pick<InstancesSectionProps, "instances" | "query" | "otherQuery">;

/** The filter by status (a GET form keeping the other sections' filters). */
function InstancesFilter({ query, otherQuery }: Omit<ListProps, "instances">) {
  const t = useT(instancesIt);
  return (
    <FilterForm
      label={t("instances.section.filterTitle")}
      submitLabel={t("instances.section.apply")}
      keep={otherQuery}
      submitColumn="col-md-4"
      preventScrollReset
    >
      <div className="col-12 col-md-8">
        <SelectField
          name="stato-pratica"
          label={t("instances.section.filter")}
          defaultValue={query.stato}
          options={[
            { value: "tutte", label: t("instances.section.filter.all") },
            { value: "bozze", label: t("instances.section.filter.drafts") },
            { value: "inviate", label: t("instances.section.filter.sent") },
          ]}
        />
      </div>
    </FilterForm>
  );
}

/** The instances found, with "Vedi altre pratiche" / "Vedi meno pratiche", or why there are none. */
function InstanceList({ instances, query, otherQuery }: ListProps) {
  const t = useT(instancesIt);
  const pageLink = (pratiche: number) =>
    withQuery(
      href("/area-personale/attivita"),
      { ...otherQuery, ...instancesQueryWords({ ...query, pratiche }) },
      "pratiche",
    );
  return (
    <>
      {instances.status === "failed" ? (
        <LoadFailed title={t("instances.section.loadFailed")} />
      ) : instances.items.length === 0 ? (
        <p role="status">
          {query.stato === "tutte" ? t("instances.section.empty") : t("instances.section.emptyFiltered")}
        </p>
      ) : (
        <>
          <p role="status" className="small">
            {t("instances.section.shown", { shown: instances.items.length, total: instances.total })}
          </p>
          <ul {...FOCUS_LIST} className="list-unstyled row g-3">
            {instances.items.map((instance) => (
              <li key={instance.code} className="col-12 col-lg-6">
                <InstanceCard instance={instance} />
              </li>
            ))}
          </ul>
          <div className="d-flex flex-wrap gap-2">
            {instances.total > instances.items.length ? (
              <Link
                className="btn btn-outline-primary"
                preventScrollReset
                to={pageLink(query.pratiche + INSTANCES_PAGE)}
              >
                {t("instances.section.more")}
              </Link>
            ) : null}
            {query.pratiche > INSTANCES_PAGE ? (
              <Link
                className="btn btn-outline-primary"
                preventScrollReset
                to={pageLink(Math.max(INSTANCES_PAGE, query.pratiche - INSTANCES_PAGE))}
              >
                {t("instances.section.less")}
              </Link>
            ) : null}
          </div>
        </>
      )}
    </>
  );
}
