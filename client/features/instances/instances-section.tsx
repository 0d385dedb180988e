import { useRef } from "react";
import { FilterForm } from "#client/components/ui/filter-form.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { CardList, offersFilter, PageLink } from "#client/components/ui/card-list.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { PAGE_FOCUS, useListFocus } from "#client/components/ui/use-focus-on-change.ts";
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
  /** The draft just deleted, named in a notice (issue #40). */
  deleted: string | null;
};

/**
 * "Pratiche" of the personal area's Attività: the citizen's instances (MOON) newest first, 5 at a time ("Vedi altre
 * pratiche" / "Vedi meno pratiche" are GET links), a GET filter by status. A load failure is an alert; the page stays.
 */
export function InstancesSection(props: InstancesSectionProps) {
  const { instances, query, otherQuery, duplicated, deleted } = props;
  const t = useT(instancesIt);
  const section = useRef<HTMLElement>(null);
  useListFocus(section, query.stato, query.pratiche);
  return (
    <section ref={section} aria-labelledby="attivita-pratiche" className="mb-5" id="pratiche">
      <h3 id="attivita-pratiche" className="title-xlarge mb-3">
        {t("instances.section.title")}
      </h3>
      {deleted ? (
        <div role="status" className="mb-3" {...PAGE_FOCUS}>
          <Callout variant="success" title={t("instances.section.deleted", { code: deleted })}>
            <p className="mb-0">{t("instances.section.deletedText")}</p>
          </Callout>
        </div>
      ) : null}
      {duplicated ? (
        <div role="status" className="mb-3" {...PAGE_FOCUS}>
          <Callout variant="success" title={t("instances.section.duplicated", { code: duplicated })}>
            <p className="mb-0">{t("instances.section.duplicatedText")}</p>
          </Callout>
        </div>
      ) : null}
      {offersFilter(instances, query.stato !== "tutte") ? (
        <InstancesFilter query={query} otherQuery={otherQuery} />
      ) : null}
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
    <CardList
      list={instances}
      failedTitle={t("instances.section.loadFailed")}
      empty={query.stato === "tutte" ? t("instances.section.empty") : t("instances.section.emptyFiltered")}
      shown={(ok) => t("instances.section.shown", { count: ok.items.length, total: ok.total })}
      itemKey={(instance) => instance.code}
      card={(instance) => <InstanceCard instance={instance} />}
      links={(ok) => (
        <div className="d-flex flex-wrap gap-2">
          {ok.total > ok.items.length ? (
            <PageLink to={pageLink(query.pratiche + INSTANCES_PAGE)}>{t("instances.section.more")}</PageLink>
          ) : null}
          {query.pratiche > INSTANCES_PAGE ? (
            <PageLink to={pageLink(Math.max(INSTANCES_PAGE, query.pratiche - INSTANCES_PAGE))}>
              {t("instances.section.less")}
            </PageLink>
          ) : null}
        </div>
      )}
    />
  );
}
