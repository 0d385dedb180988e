import { useRef } from "react";
import { Link } from "react-router";
import { ServiceCard } from "#client/components/service-card/service-card.tsx";
import { Breadcrumb } from "#client/components/ui/breadcrumb.tsx";
import { SearchForm } from "#client/components/ui/filter-form.tsx";
import { Icon } from "#client/components/ui/icon.tsx";
import { FOCUS_LIST, useListFocus } from "#client/components/ui/use-focus-on-change.ts";
import { PageHero } from "#client/components/ui/page-hero.tsx";
import { ContentText, TextWithContent, useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import { servicesCatalogueIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import { QUERY_MAX, type CatalogueView } from "./catalogue-model.ts";

/**
 * The Modello Comuni first-level "Servizi" page (design-comuni `servizi.hbs`): search (a GET form), the services as
 * cards (`service-link`) with "Carica altri risultati" (`load-other-cards`, a real link that works without
 * JavaScript), the booking entry point (`appointment-booking`) and the categories (`service-category-link`).
 */
export function ServicesCataloguePage({
  catalogue,
  bookingHref,
}: {
  catalogue: CatalogueView;
  bookingHref: string | null;
}) {
  const t = useT(servicesCatalogueIt);
  const { category } = catalogue;
  const filtered = Boolean(catalogue.query || category);
  return (
    <div className="container">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-10">
          <div className="cmp-breadcrumbs mt-3">
            <Breadcrumb
              items={[
                { name: "Home", href: href("/") },
                ...(category
                  ? [
                      { name: t("servicesCatalogue.title"), href: href("/servizi") },
                      { name: category.nome, content: true },
                    ]
                  : [{ name: t("servicesCatalogue.title") }]),
              ]}
            />
          </div>
          <PageHero
            title={category ? <ContentText>{category.nome}</ContentText> : t("servicesCatalogue.title")}
            lead={t("servicesCatalogue.lead")}
          >
            <SearchForm
              action={href("/servizi")}
              label={t("servicesCatalogue.searchLabel")}
              submitLabel={t("servicesCatalogue.searchSubmit")}
              query={catalogue.query}
              maxLength={QUERY_MAX}
              placeholder={t("servicesCatalogue.searchPlaceholder")}
              className="mt-4"
            >
              {category ? <input type="hidden" name="categoria" value={category.slug} /> : null}
            </SearchForm>
          </PageHero>
        </div>
      </div>

      <CatalogueResults catalogue={catalogue} filtered={filtered} />
      {bookingHref ? <BookingTeaser to={bookingHref} /> : null}
      <CategoryList catalogue={catalogue} />
    </div>
  );
}

/**
 * "Tutti i servizi": how many were found, the cards and "Carica altri risultati". Shown without a page load, a new
 * search takes the focus to the count and "Carica altri risultati" to the first card it added (the link itself may
 * be gone): the lists' one focus rule.
 */
function CatalogueResults({ catalogue, filtered }: { catalogue: CatalogueView; filtered: boolean }) {
  const t = useT(servicesCatalogueIt);
  const { category } = catalogue;
  const section = useRef<HTMLElement>(null);
  useListFocus(section, JSON.stringify([catalogue.query, category?.slug]), catalogue.cards.length);
  return (
    <section ref={section} className="row justify-content-center pb-4" aria-labelledby="tutti-i-servizi">
      <div className="col-12 col-lg-10">
        <h2 id="tutti-i-servizi" className="title-xxlarge mb-3">
          {category ? (
            <TextWithContent
              text={t("servicesCatalogue.categoryServices")}
              content={{ category: category.nome }}
            />
          ) : (
            t("servicesCatalogue.allServices")
          )}
        </h2>
        <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
          <p className="mb-0" role="status">
            {t("servicesCatalogue.results", { count: catalogue.total })}
          </p>
          {filtered ? (
            <Link to={href("/servizi")} className="fw-semibold">
              {t("servicesCatalogue.clearFilters")}
            </Link>
          ) : null}
        </div>
        {catalogue.cards.length === 0 ? (
          <p className="lead">{t("servicesCatalogue.noResults")}</p>
        ) : (
          <ul className="row g-4 list-unstyled mb-0" {...FOCUS_LIST}>
            {catalogue.cards.map((card) => (
              <li key={card.id} id={`servizio-${card.id}`} className="col-12 col-md-6 col-lg-4">
                <ServiceCard
                  title={card.nome}
                  href={card.href}
                  description={card.descrizione}
                  category={card.categoria}
                />
              </li>
            ))}
          </ul>
        )}
        {catalogue.loadMoreHref ? (
          <div className="d-flex justify-content-center mt-4">
            <Link
              to={catalogue.loadMoreHref}
              className="btn btn-outline-primary fw-bold"
              data-element="load-other-cards"
              preventScrollReset
            >
              {t("servicesCatalogue.loadMore")}
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The booking entry point (`appointment-booking`), where the municipality books appointments. */
function BookingTeaser({ to }: { to: string }) {
  const t = useT(servicesCatalogueIt);
  return (
    <section className="row justify-content-center pb-4" aria-labelledby="prenota-appuntamento">
      <div className="col-12 col-lg-10">
        <div className="card card-teaser shadow-sm rounded border border-light">
          <div className="card-body d-flex flex-column flex-md-row align-items-md-center gap-3">
            <Icon name="it-calendar" className="icon-lg icon-primary" />
            <div className="flex-grow-1">
              <h2 id="prenota-appuntamento" className="card-title h4 mb-1">
                {t("servicesCatalogue.booking.title")}
              </h2>
              <p className="card-text mb-0">{t("servicesCatalogue.booking.text")}</p>
            </div>
            <Link to={to} className="btn btn-primary fw-bold" data-element="appointment-booking">
              {t("servicesCatalogue.booking.link")}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The categories (`service-category-link`), the one being browsed marked as the current page. */
function CategoryList({ catalogue }: { catalogue: CatalogueView }) {
  const t = useT(servicesCatalogueIt);
  const lang = useContentLang();
  const { category } = catalogue;
  return (
    <section className="row justify-content-center pb-5" aria-labelledby="categorie-servizi">
      <div className="col-12 col-lg-10">
        <h2 id="categorie-servizi" className="title-xxlarge mb-4">
          {t("servicesCatalogue.categories")}
        </h2>
        <ul className="row g-4 list-unstyled mb-0">
          {catalogue.categories.map((c) => (
            <li key={c.slug} className="col-12 col-md-6 col-lg-4">
              <div className="cmp-card-simple card card-teaser shadow-sm rounded h-100 p-0">
                <div className="card-body p-3">
                  <h3 className="card-title h5 mb-1">
                    <Link
                      to={c.href}
                      className="text-decoration-none"
                      data-element="service-category-link"
                      aria-current={category?.slug === c.slug ? "page" : undefined}
                      lang={lang}
                    >
                      {c.nome}
                    </Link>
                  </h3>
                  <p className="card-text text-secondary mb-0">
                    {t("servicesCatalogue.categoryCount", { count: c.count })}
                  </p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
