import { Form } from "react-router";
import { ServiceCard } from "#client/components/service-card/service-card.tsx";
import { SearchForm } from "#client/components/ui/filter-form.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { Icon } from "#client/components/ui/icon.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { ContentText, useT } from "#client/i18n/i18n-context.tsx";
import { personalServicesIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { SERVICES_QUERY_MAX, type PersonalService } from "./favourite-services.ts";
import type { PersonalServicesData } from "./services-data.server.ts";

const LIST_PATH = "/area-personale/servizi" as const;

function ServicesSearch({ query }: { query: string }) {
  const t = useT(personalServicesIt);
  return (
    <SearchForm
      action={href(LIST_PATH)}
      label={t("personalServices.searchLabel")}
      submitLabel={t("personalServices.searchSubmit")}
      query={query}
      maxLength={SERVICES_QUERY_MAX}
      className="mb-4"
    />
  );
}

/** A small POST form: adds or removes the service from the favourites; the button says which, and of what. */
function FavouriteToggle({
  service,
  query,
  toggled,
}: {
  service: PersonalService;
  query: string;
  toggled: PersonalServicesData["toggled"];
}) {
  const t = useT(personalServicesIt);
  if (service.favouriteId === null) return null;
  // Said where it happened (issue #40: adding or removing ended with no word of it), as a status.
  const done = toggled?.id === String(service.favouriteId) ? toggled : null;
  const label = service.favourite ? t("personalServices.remove") : t("personalServices.add");
  return (
    <Form method="post" action={withQuery(href(LIST_PATH), { q: query })} className="d-flex">
      <XsrfField />
      <input type="hidden" name="serviceId" value={service.favouriteId} />
      <input type="hidden" name="intent" value={service.favourite ? "remove" : "add"} />
      <SubmitButton
        className={service.favourite ? "btn btn-primary btn-xs" : "btn btn-outline-primary btn-xs"}
      >
        <Icon
          name={service.favourite ? "it-star-full" : "it-star-outline"}
          className={service.favourite ? "icon-sm icon-white me-1" : "icon-sm icon-primary me-1"}
        />
        {label}
        <span className="visually-hidden">
          {" "}
          <ContentText>{service.title}</ContentText>
        </span>
      </SubmitButton>
      <p role="status" className="small mb-0 ms-2 align-self-center">
        {done ? t(done.added ? "personalServices.added" : "personalServices.removed") : null}
      </p>
    </Form>
  );
}

/** The services tab (issue #9): search by name, the municipality's services with the citizen's favourites first. */
export function PersonalServicesPage({
  data,
  toggleFailed,
}: {
  data: PersonalServicesData;
  toggleFailed: boolean;
}) {
  const t = useT(personalServicesIt);
  const count = data.services.length;
  return (
    <section className="mt-4 mb-5" aria-labelledby="servizi-titolo">
      <h2 id="servizi-titolo" className="title-xxlarge mb-4">
        {t("personalServices.title")}
      </h2>
      {toggleFailed ? (
        <div role="alert">
          <Callout variant="danger" title={t("personalServices.failedTitle")}>
            <p className="mb-0">{t("personalServices.toggleFailed")}</p>
          </Callout>
        </div>
      ) : null}
      {data.favouritesFailed ? (
        <div role="status">
          <Callout variant="warning" title={t("personalServices.failedTitle")}>
            <p className="mb-0">{t("personalServices.loadFailed")}</p>
          </Callout>
        </div>
      ) : null}
      <ServicesSearch query={data.query} />
      <p role="status" className="fw-semibold mb-3">
        {count === 0
          ? data.query
            ? t("personalServices.emptyFiltered")
            : t("personalServices.empty")
          : data.favouriteCount > 0
            ? `${t("personalServices.count", { count })}, ${t("personalServices.favouritesCount", {
                count: data.favouriteCount,
              })}`
            : t("personalServices.count", { count })}
      </p>
      {count > 0 ? (
        <ul className="row g-3 list-unstyled">
          {data.services.map((service) => (
            <li className="col-12 col-md-6" key={service.id} id={`servizio-${service.id}`}>
              <ServiceCard
                title={service.title}
                href={href("/servizi/:id", { id: service.id })}
                description={service.description}
                category={service.category}
                headingLevel={3}
                action={
                  data.favouritesFailed ? null : (
                    <FavouriteToggle service={service} query={data.query} toggled={data.toggled} />
                  )
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
