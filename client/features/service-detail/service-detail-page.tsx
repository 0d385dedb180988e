import type { ReactNode } from "react";
import { Link } from "react-router";
import { Breadcrumb } from "#client/components/ui/breadcrumb.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { cx } from "#client/components/ui/class-names.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href, withQuery } from "#client/lib/links.ts";
import type { ServiceDetailView, ServiceLink } from "./service-detail-model.ts";

type Section = { id: string; title: string; content: ReactNode };

/** A link that navigates client-side inside the portal and as a plain link elsewhere. */
function ServiceAnchor({
  link,
  className,
  dataElement,
  children,
}: {
  link: ServiceLink;
  className?: string;
  dataElement?: string;
  children: ReactNode;
}) {
  if (link.kind === "route")
    return (
      <Link to={link.href} className={className} data-element={dataElement}>
        {children}
      </Link>
    );
  return (
    <a
      href={link.href}
      className={className}
      data-element={dataElement}
      rel={link.kind === "external" ? "noopener" : undefined}
    >
      {children}
    </a>
  );
}

/**
 * The scheda servizio of Modello Comuni (design-comuni `servizio-dettaglio`), as far as the configuration carries
 * data: heading (`service-title`, `service-status`, `service-description`), the page index (`page-index`) and only
 * the sections with real content ("Accedi al servizio", "Delega", "Ulteriori informazioni", "Contatti").
 */
export function ServiceDetailPage({
  service,
  municipality,
}: {
  service: ServiceDetailView;
  municipality: string;
}) {
  const t = useT();
  const [category] = service.categorie;
  const sections: Section[] = [];

  if (!service.attivo) {
    sections.push({
      id: "accedi-al-servizio",
      title: t("service.access.title"),
      content: (
        <Callout variant="warning" title={t("service.statusInactive")}>
          <p className="mb-0">{t("service.access.inactive")}</p>
        </Callout>
      ),
    });
  } else if (service.access || service.bookingHref) {
    sections.push({
      id: "accedi-al-servizio",
      title: t("service.access.title"),
      content: (
        <>
          {service.access ? (
            <div className="mb-4">
              <p>{t("service.access.onlineText")}</p>
              <ServiceAnchor
                link={service.access}
                className="btn btn-primary fw-bold"
                dataElement="service-online-access"
              >
                {t("service.access.online")}
              </ServiceAnchor>
            </div>
          ) : null}
          {service.bookingHref ? (
            <div className="mb-2" data-element="service-booking-access">
              <p>{t("service.access.bookingText")}</p>
              <Link
                className="btn btn-outline-primary fw-bold"
                to={service.bookingHref}
                data-element="appointment-booking"
              >
                <Icon name="it-calendar" className="icon-sm icon-primary me-2" />
                {t("service.access.booking")}
              </Link>
            </div>
          ) : null}
        </>
      ),
    });
  }

  if (service.delegation) {
    sections.push({
      id: "delega",
      title: t("service.delegation.title"),
      content: (
        <>
          <p>{t("service.delegation.text")}</p>
          {service.delegation.note ? <p className="mb-0">{service.delegation.note}</p> : null}
        </>
      ),
    });
  }

  if (service.linkScheda) {
    sections.push({
      id: "ulteriori-informazioni",
      title: t("service.moreInfo.title"),
      content: (
        <p className="mb-0">
          <a href={service.linkScheda} rel="noopener">
            {t("service.moreInfo.link")}
          </a>
        </p>
      ),
    });
  }

  const { block, assistanceHref, faqHref } = service.contacts;
  if (block || assistanceHref || faqHref) {
    sections.push({
      id: "contatti",
      title: t("service.contacts.title"),
      content: (
        <>
          {block ? (
            <div
              className="card card-teaser shadow-sm rounded border border-light mb-3"
              data-element="service-area"
            >
              <div className="card-body">
                <h3 className="card-title h5">{municipality}</h3>
                {/* HTML from the tenant configuration, sanitised on the server (sanitize-html) before it gets here. */}
                <div className="card-text" dangerouslySetInnerHTML={{ __html: block.body }} />
              </div>
            </div>
          ) : null}
          <ul className="list-unstyled mb-0">
            {assistanceHref ? (
              <li className="mb-2">
                <Link to={assistanceHref}>{t("service.contacts.assistance")}</Link>
              </li>
            ) : null}
            {faqHref ? (
              <li className="mb-2">
                <Link to={faqHref}>{t("service.contacts.faq")}</Link>
              </li>
            ) : null}
          </ul>
        </>
      ),
    });
  }

  return (
    <div className="container">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-10 px-lg-4 py-lg-2">
          <div className="cmp-breadcrumbs mt-3">
            <Breadcrumb
              items={[
                { name: "Home", href: href("/") },
                { name: t("service.breadcrumb"), href: withQuery(href("/"), {}, "tutti-i-servizi") },
                ...(category ? [{ name: category.nome, href: category.href }] : []),
                { name: service.nome },
              ]}
            />
          </div>
          <div className="cmp-heading pb-3 pb-lg-4">
            <h1 className="title-xxxlarge mb-3" data-element="service-title">
              {service.nome}
            </h1>
            <ul className="d-flex flex-wrap gap-2 list-unstyled my-3">
              <li>
                <div
                  className={cx("chip chip-simple", service.attivo ? "chip-primary" : "chip-danger")}
                  data-element="service-status"
                >
                  <span className="chip-label">
                    {service.attivo ? t("service.statusActive") : t("service.statusInactive")}
                  </span>
                </div>
              </li>
              {service.categorie.map((c) => (
                <li key={c.nome}>
                  <div className="chip chip-simple">
                    <span className="chip-label">
                      <span className="visually-hidden">{t("service.category")}: </span>
                      {c.nome}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
            {service.descrizione ? (
              <p className="subtitle-small mb-3" data-element="service-description">
                {service.descrizione}
              </p>
            ) : null}
          </div>
          {sections.length > 0 ? (
            <div className="row mt-3 pb-5">
              <div className="col-12 col-lg-3 mb-4">
                <nav className="cmp-navscroll" aria-labelledby="indice-della-pagina">
                  <h2 id="indice-della-pagina" className="h6 text-uppercase mb-2">
                    {t("service.pageIndex")}
                  </h2>
                  <div className="link-list-wrapper">
                    <ul className="link-list" data-element="page-index">
                      {sections.map((s) => (
                        <li key={s.id} className="nav-item">
                          <a className="nav-link px-0" href={`#${s.id}`}>
                            <span className="title-medium">{s.title}</span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  </div>
                </nav>
              </div>
              <div className="col-12 col-lg-8 offset-lg-1">
                {sections.map((s) => (
                  <section
                    key={s.id}
                    id={s.id}
                    className="it-page-section mb-5"
                    aria-labelledby={`${s.id}-titolo`}
                  >
                    <h2 id={`${s.id}-titolo`} className="h3 mb-3">
                      {s.title}
                    </h2>
                    {s.content}
                  </section>
                ))}
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
