import { Link } from "react-router";
import { cx } from "#client/components/ui/class-names.ts";
import { useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import { serviceCardIt } from "./texts.ts";
import type { ServiceDetailView } from "./service-detail-model.ts";

/**
 * The heading of the scheda servizio: the title (`service-title`), the state (`service-status`) and the categories
 * as chips, the reason of the state, the description (`service-description`) and the topics (`service-topic`).
 */
export function ServiceHeading({ service }: { service: ServiceDetailView }) {
  const t = useT(serviceCardIt);
  const lang = useContentLang();
  return (
    <div className="cmp-heading pb-3 pb-lg-4">
      <h1 className="title-xxxlarge mb-3" data-element="service-title" lang={lang}>
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
                <span lang={lang}>{c.nome}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {service.motivoStato ? (
        <p className="text-danger fw-semibold mb-3">
          {t("serviceCard.statusReason")}: <span lang={lang}>{service.motivoStato}</span>
        </p>
      ) : null}
      {service.descrizione ? (
        <p className="subtitle-small mb-3" data-element="service-description" lang={lang}>
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
                  <span className="chip-label" lang={lang}>
                    {topic}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
