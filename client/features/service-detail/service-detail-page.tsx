import type { ReactNode } from "react";
import { Link } from "react-router";
import { Breadcrumb } from "#client/components/ui/breadcrumb.tsx";
import { PageIndex } from "#client/components/ui/page-index.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { cx } from "#client/components/ui/class-names.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { serviceCardIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import {
  jsonLdText,
  type ServiceDetailView,
  type ServiceLink,
  type ServiceOffice,
} from "./service-detail-model.ts";

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
 * The responsible office (`service-area`): an office at a street address shows it under "Indirizzo"; an office that
 * receives by video call shows the call link instead, never as an address.
 */
function OfficeCard({ office }: { office: ServiceOffice }) {
  const t = useT(serviceCardIt);
  return (
    <div className="card card-teaser shadow-sm rounded border border-light mb-3" data-element="service-area">
      <div className="card-body">
        <p className="text-secondary small text-uppercase fw-semibold mb-1">{t("serviceCard.office")}</p>
        <h3 className="card-title h5">{office.nome}</h3>
        <dl className="card-text mb-0">
          {office.indirizzo ? (
            <>
              <dt className="fw-semibold">{t("serviceCard.address")}</dt>
              <dd>
                {office.indirizzo.via}, {office.indirizzo.cap} {office.indirizzo.comune}
              </dd>
            </>
          ) : null}
          {office.videochiamata ? (
            <>
              <dt className="fw-semibold">{t("serviceCard.videoCall")}</dt>
              <dd>
                <a href={office.videochiamata} rel="noopener">
                  {t("serviceCard.videoCallLink", { office: office.nome })}
                </a>
              </dd>
            </>
          ) : null}
          {office.telefono ? (
            <>
              <dt className="fw-semibold">{t("serviceCard.phone")}</dt>
              <dd>
                <a href={`tel:${office.telefono.replace(/\s+/g, "")}`}>{office.telefono}</a>
              </dd>
            </>
          ) : null}
          {office.email ? (
            <>
              <dt className="fw-semibold">{t("serviceCard.email")}</dt>
              <dd>
                <a href={`mailto:${office.email}`}>{office.email}</a>
              </dd>
            </>
          ) : null}
          {office.orari ? (
            <>
              <dt className="fw-semibold">{t("serviceCard.hours")}</dt>
              <dd className="mb-0">{office.orari}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </div>
  );
}

/**
 * The scheda servizio of Modello Comuni (design-comuni `servizio-dettaglio`): heading (`service-title`,
 * `service-status`, `service-description`, `service-topic`), the page index (`page-index`) and the sections in the
 * model's order (A chi è rivolto, Come fare, Cosa serve, Cosa si ottiene, Tempi e scadenze, Quanto costa, Accedi al
 * servizio, Condizioni di servizio, Contatti), each only when the configuration has content for it; the structured
 * metadata (`metatag`, schema.org GovernmentService) as JSON-LD.
 */
export function ServiceDetailPage({ service, nonce }: { service: ServiceDetailView; nonce?: string }) {
  const t = useT(serviceCardIt);
  const [category] = service.categorie;
  const { sheet } = service;
  const sections: Section[] = [];

  if (sheet) {
    sections.push(
      {
        id: "a-chi-e-rivolto",
        title: t("serviceCard.addressed"),
        content: (
          <div data-element="service-addressed">
            <p className="mb-0">{sheet.destinatari}</p>
          </div>
        ),
      },
      {
        id: "come-fare",
        title: t("serviceCard.howTo"),
        content: (
          <div data-element="service-how-to">
            <p className="mb-0">{sheet.comeFare}</p>
          </div>
        ),
      },
      {
        id: "cosa-serve",
        title: t("serviceCard.needed"),
        content: (
          <div data-element="service-needed">
            <ul className="mb-0">
              {sheet.cosaServe.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ),
      },
      {
        id: "cosa-si-ottiene",
        title: t("serviceCard.achieved"),
        content: (
          <div data-element="service-achieved">
            <p className="mb-0">{sheet.cosaSiOttiene}</p>
          </div>
        ),
      },
      {
        id: "tempi-e-scadenze",
        title: t("serviceCard.calendar"),
        content: (
          <>
            <p data-element="service-calendar-text">{sheet.tempi}</p>
            {sheet.scadenze.length > 0 ? (
              <div className="it-list-wrapper">
                <ul className="it-list" data-element="service-calendar-list">
                  {sheet.scadenze.map((step) => (
                    <li key={`${step.titolo}-${step.data ?? ""}`}>
                      <div className="list-item">
                        <div className="it-rounded-icon">
                          <Icon name="it-calendar" className="icon-sm icon-primary" />
                        </div>
                        <div className="it-right-zone">
                          <span className="text">
                            {step.titolo}
                            <em className="d-block">
                              {step.data ? <time dateTime={step.data}>{step.dataTesto}</time> : step.testo}
                            </em>
                          </span>
                        </div>
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ),
      },
    );
    if (sheet.costi) {
      sections.push({
        id: "quanto-costa",
        title: t("serviceCard.costs"),
        content: <p className="mb-0">{sheet.costi}</p>,
      });
    }
  }

  const accessContent = !service.attivo ? (
    <Callout variant="warning" title={t("service.statusInactive")}>
      <p>{service.motivoStato ?? t("serviceCard.inactiveText")}</p>
      {sheet ? (
        <p className="mb-0">
          <a href="#contatti" data-element="service-generic-access">
            {t("serviceCard.genericLink")}
          </a>
        </p>
      ) : null}
    </Callout>
  ) : service.access || service.booking ? (
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
      {service.booking ? (
        <div className="mb-2" data-element="service-booking-access">
          <p>
            {service.booking.fromService
              ? t("serviceCard.bookingFromServiceText")
              : t("service.access.bookingText")}
          </p>
          <Link
            className="btn btn-outline-primary fw-bold"
            to={service.booking.href}
            data-element="appointment-booking"
          >
            <Icon name="it-calendar" className="icon-sm icon-primary me-2" />
            {t("service.access.booking")}
          </Link>
        </div>
      ) : null}
    </>
  ) : sheet ? (
    <>
      <p>{t("serviceCard.genericText")}</p>
      <a className="btn btn-outline-primary fw-bold" href="#contatti" data-element="service-generic-access">
        {t("serviceCard.genericLink")}
      </a>
    </>
  ) : null;
  if (accessContent)
    sections.push({ id: "accedi-al-servizio", title: t("service.access.title"), content: accessContent });

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

  if (sheet) {
    sections.push({
      id: "condizioni-di-servizio",
      title: t("serviceCard.conditions"),
      content: (
        <>
          <p>{t("serviceCard.conditionsText")}</p>
          <div className="card card-teaser shadow-sm rounded border border-light">
            <div className="card-body d-flex align-items-center">
              <Icon name="it-clip" className="icon-sm icon-primary me-2" />
              <a href={sheet.condizioni.url} data-element="service-file" rel="noopener">
                {t("serviceCard.conditionsFile", { title: sheet.condizioni.titolo })}
              </a>
            </div>
          </div>
        </>
      ),
    });
  }

  const { assistanceHref, faqHref } = service.contacts;
  if (sheet || assistanceHref || faqHref) {
    sections.push({
      id: "contatti",
      title: t("service.contacts.title"),
      content: (
        <>
          {sheet ? <OfficeCard office={sheet.ufficio} /> : null}
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

  return (
    <div className="container">
      <script
        type="application/ld+json"
        data-element="metatag"
        nonce={nonce}
        // JSON built by the model from the configuration; `<` is escaped so the text cannot close the element.
        dangerouslySetInnerHTML={{ __html: jsonLdText(service.jsonLd) }}
      />
      <div className="row justify-content-center">
        <div className="col-12 col-lg-10 px-lg-4 py-lg-2">
          <div className="cmp-breadcrumbs mt-3">
            <Breadcrumb
              items={[
                { name: "Home", href: href("/") },
                { name: t("service.breadcrumb"), href: href("/servizi") },
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
                  <Link className="chip chip-simple text-decoration-none" to={c.href}>
                    <span className="chip-label">
                      <span className="visually-hidden">{t("service.category")}: </span>
                      {c.nome}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {service.motivoStato ? (
              <p className="text-danger fw-semibold mb-3">
                {t("serviceCard.statusReason")}: {service.motivoStato}
              </p>
            ) : null}
            {service.descrizione ? (
              <p className="subtitle-small mb-3" data-element="service-description">
                {service.descrizione}
              </p>
            ) : null}
            {service.argomenti.length > 0 ? (
              <div className="mt-3">
                <span className="small fw-semibold me-2">{t("serviceCard.topics")}:</span>
                <ul className="d-inline-flex flex-wrap gap-2 list-unstyled mb-0 align-middle">
                  {service.argomenti.map((topic) => (
                    <li key={topic}>
                      <span className="chip chip-simple" data-element="service-topic">
                        <span className="chip-label">{topic}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
          {sections.length > 0 ? (
            <div className="row mt-3 pb-5">
              <div className="col-12 col-lg-3 mb-4">
                <PageIndex
                  id="indice-della-pagina"
                  title={t("service.pageIndex")}
                  items={sections}
                  dataElement="page-index"
                />
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
