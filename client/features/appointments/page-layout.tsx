import type { ReactNode } from "react";
import { PageLayout } from "#client/components/ui/page-layout.tsx";
import { href } from "#client/lib/links.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";

export type AppointmentLayoutProps = {
  title: string;
  lead?: ReactNode;
  /** Last breadcrumb item when it differs from the title of the booking. */
  current?: string;
  /** The service card the booking started from (`?servizio=`): its own crumb between "Servizi" and the booking. */
  service?: { id: string; title: string };
  children: ReactNode;
  /** Full-width content after the main column (e.g. the rating and contacts). */
  after?: ReactNode;
};

/** Breadcrumb Home / Servizi [/ service] / Prenotazione appuntamento [/ page], the h1 and one reading column. */
export function AppointmentLayout({
  title,
  lead,
  current,
  service,
  children,
  after,
}: AppointmentLayoutProps) {
  const t = useT(appointmentsIt);
  const trail = [
    { name: t("common.home"), href: href("/") },
    { name: t("appointments.breadcrumbServices"), href: href("/servizi") },
    ...(service
      ? [{ name: service.title, href: href("/servizi/:id", { id: service.id }), content: true }]
      : []),
    { name: t("appointments.title"), href: href("/servizi/prenotazione-appuntamento") },
    ...(current && current !== t("appointments.title") ? [{ name: current }] : []),
  ];
  return (
    <PageLayout breadcrumb={trail} title={title} lead={lead} after={after}>
      {children}
    </PageLayout>
  );
}

/** Not public and anonymous: explain and offer the login that comes back to this very page. */
export function LoginRequired(props: { loginHref: string; title?: string; message?: string }) {
  const t = useT(appointmentsIt);
  const {
    loginHref,
    title = t("appointments.loginRequiredTitle"),
    message = t("appointments.loginRequired"),
  } = props;
  return (
    <section className="mb-4" aria-labelledby="accesso-richiesto">
      <div className="callout important">
        <div className="callout-inner">
          <h2 id="accesso-richiesto" className="callout-title h5">
            {title}
          </h2>
          <div className="text">
            <p className="mb-0">{message}</p>
          </div>
        </div>
      </div>
      <a className="btn btn-primary" href={loginHref}>
        {t("appointments.loginLink")}
      </a>
    </section>
  );
}
