import type { ReactNode } from "react";
import { Link } from "react-router";
import { Callout } from "#client/components/ui/callout.tsx";
import { Icon } from "#client/components/ui/icon.tsx";
import { ContentText, TextWithContent, useContentLang, useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { serviceCardIt } from "./texts.ts";
import type { ServiceDetailView, ServiceLink, ServiceOffice } from "./service-detail-model.ts";

type Sheet = NonNullable<ServiceDetailView["sheet"]>;

/** A link that navigates client-side inside the portal and as a plain link elsewhere. */
export function ServiceAnchor({
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
export function OfficeCard({ office }: { office: ServiceOffice }) {
  const t = useT(serviceCardIt);
  return (
    <div className="card card-teaser shadow-sm rounded border border-light mb-3" data-element="service-area">
      <div className="card-body">
        <p className="text-secondary small text-uppercase fw-semibold mb-1">{t("serviceCard.office")}</p>
        <h3 className="card-title h5">
          <ContentText>{office.nome}</ContentText>
        </h3>
        <dl className="card-text mb-0">
          {office.indirizzo ? (
            <>
              <dt className="fw-semibold">{t("serviceCard.address")}</dt>
              <dd>
                <ContentText>
                  {office.indirizzo.via}, {office.indirizzo.cap} {office.indirizzo.comune}
                </ContentText>
              </dd>
            </>
          ) : null}
          {office.videochiamata ? (
            <>
              <dt className="fw-semibold">{t("serviceCard.videoCall")}</dt>
              <dd>
                <a href={office.videochiamata} rel="noopener">
                  <TextWithContent text={t("serviceCard.videoCallLink")} content={{ office: office.nome }} />
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
              <dd className="mb-0">
                <ContentText>{office.orari}</ContentText>
              </dd>
            </>
          ) : null}
        </dl>
      </div>
    </div>
  );
}

/** "Tempi e scadenze": the text and the list of dated steps (`service-calendar-text`, `service-calendar-list`). */
export function ServiceCalendar({ sheet }: { sheet: Sheet }) {
  // The section is the municipality's Italian; its dates are written in the page's language, and say so.
  const locale = useLocale();
  const dateLang = useContentLang() ? locale : undefined;
  return (
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
                        {step.data ? (
                          <time dateTime={step.data} lang={dateLang}>
                            {step.dataTesto}
                          </time>
                        ) : (
                          step.testo
                        )}
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
  );
}

/** Whether "Accedi al servizio" has something to say: the inactive notice, the online access or booking, or contacts. */
export function hasAccessSection(service: ServiceDetailView): boolean {
  return !service.attivo || Boolean(service.access || service.booking || service.sheet);
}

/**
 * "Accedi al servizio": an inactive service explains why (and points to the contacts); an active one offers the
 * online access (`service-online-access`) and the booking (`appointment-booking`), or else the contacts.
 */
export function ServiceAccess({ service }: { service: ServiceDetailView }) {
  const t = useT(serviceCardIt);
  const { sheet } = service;
  if (!service.attivo)
    return (
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
    );
  if (service.access || service.booking) return <OnlineAccess service={service} />;
  return (
    <>
      <p>{t("serviceCard.genericText")}</p>
      <a className="btn btn-outline-primary fw-bold" href="#contatti" data-element="service-generic-access">
        {t("serviceCard.genericLink")}
      </a>
    </>
  );
}

function OnlineAccess({ service }: { service: ServiceDetailView }) {
  const t = useT(serviceCardIt);
  return (
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
  );
}

/** "Condizioni di servizio": the text and the conditions file (`service-file`). */
export function ServiceConditions({ sheet }: { sheet: Sheet }) {
  const t = useT(serviceCardIt);
  return (
    <>
      <p>{t("serviceCard.conditionsText")}</p>
      <div className="card card-teaser shadow-sm rounded border border-light">
        <div className="card-body d-flex align-items-center">
          <Icon name="it-clip" className="icon-sm icon-primary me-2" />
          <a href={sheet.condizioni.url} data-element="service-file" rel="noopener">
            <TextWithContent
              text={t("serviceCard.conditionsFile")}
              content={{ title: sheet.condizioni.titolo }}
            />
          </a>
        </div>
      </div>
    </>
  );
}

/** "Contatti": the responsible office and the links to assistance and the FAQ. */
export function ServiceContacts({ service }: { service: ServiceDetailView }) {
  const t = useT(serviceCardIt);
  const { assistanceHref, faqHref } = service.contacts;
  return (
    <>
      {service.sheet ? <OfficeCard office={service.sheet.ufficio} /> : null}
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
  );
}
