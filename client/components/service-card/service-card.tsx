import type { ReactNode } from "react";
import { Link } from "react-router";
import { useContentLang } from "#client/i18n/i18n-context.tsx";

export type ServiceCardProps = {
  /** The service's name as the municipality configuration sends it (shown as sent). */
  title: string;
  /** Where the title links: the service's page, built with `href("/servizi/:id", …)` by the caller. */
  href: string;
  /** A short text about the service (plain text); omitted when empty. */
  description?: string | null;
  /** The service's category, shown above the title; omitted when empty. */
  category?: string | null;
  /** Level of the title's heading, so the card fits the page's outline (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Something to place at the card's foot, e.g. the favourite toggle form of the personal area. */
  action?: ReactNode;
};

/**
 * One municipal service as a bootstrap-italia teaser card (the Modello Comuni `cmp-card-simple` look): category,
 * linked title (`data-element="service-link"`), description and an optional action. Presentational only: it loads
 * nothing and holds no text of its own (what it shows is the municipality's, marked Italian on an English page).
 */
export function ServiceCard({
  title,
  href,
  description,
  category,
  headingLevel = 3,
  action,
}: ServiceCardProps) {
  const Heading = `h${headingLevel}` as const;
  // All but the action is the municipality's text, in Italian whatever the page's language.
  const lang = useContentLang();
  return (
    <div className="cmp-card-simple card card-teaser shadow-sm rounded h-100 p-0">
      <div className="card-body p-3 d-flex flex-column">
        {category ? (
          <p className="category text-uppercase small fw-semibold text-secondary mb-2" lang={lang}>
            {category}
          </p>
        ) : null}
        <Heading className="card-title h5 mb-2">
          <Link to={href} data-element="service-link" className="text-decoration-none" lang={lang}>
            {title}
          </Link>
        </Heading>
        {description ? (
          <p className="card-text text-secondary mb-0" lang={lang}>
            {description}
          </p>
        ) : null}
        {action ? <div className="mt-auto pt-3">{action}</div> : null}
      </div>
    </div>
  );
}
