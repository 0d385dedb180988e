import { useId } from "react";
import { Icon } from "#client/components/ui/icon.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";

export const contactLinks = {
  faq: href("/faq"),
  assistance: href("/nuova-richiesta"),
  booking: href("/servizi/prenotazione-appuntamento"),
  report: href("/servizi/segnalazioni/nuova"),
} as const;

export type ContactsSectionProps = {
  /** False when the tenant lacks the appointments asset (APPSCHED). */
  showBooking?: boolean;
  /** False when the tenant lacks the disruption-report asset (DISSERVIZIO_CRM). */
  showReport?: boolean;
};

/** The pre-footer "Contatta il comune" block (Modello Comuni `cmp-contacts`). */
export function ContactsSection({ showBooking = true, showReport = true }: ContactsSectionProps) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="bg-grey-card py-5" aria-labelledby={titleId}>
      <div className="container">
        <div className="row d-flex justify-content-center">
          <div className="col-12 col-lg-6">
            <div className="cmp-contacts">
              <div className="card w-100">
                <div className="card-body">
                  <h2 className="h4" id={titleId}>
                    {t("contacts.title")}
                  </h2>
                  <ul className="link-list list-unstyled p-0">
                    <ContactLink href={contactLinks.faq} icon="it-help-circle" label={t("contacts.faq")} />
                    <ContactLink
                      href={contactLinks.assistance}
                      icon="it-mail"
                      label={t("contacts.assistance")}
                      dataElement="contacts"
                    />
                    {showBooking ? (
                      <ContactLink
                        href={contactLinks.booking}
                        icon="it-calendar"
                        label={t("contacts.booking")}
                        dataElement="appointment-booking"
                      />
                    ) : null}
                  </ul>
                  {showReport ? (
                    <>
                      <h2 className="h4 mt-4">{t("contacts.problems")}</h2>
                      <ul className="link-list list-unstyled p-0">
                        <ContactLink
                          href={contactLinks.report}
                          icon="it-map-marker-circle"
                          label={t("contacts.report")}
                        />
                      </ul>
                    </>
                  ) : null}
                </div>
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

type ContactLinkProps = { href: string; icon: `it-${string}`; label: string; dataElement?: string };

function ContactLink({ href, icon, label, dataElement }: ContactLinkProps) {
  return (
    <li>
      <a className="list-item d-flex align-items-center gap-2 py-2" href={href} data-element={dataElement}>
        <Icon name={icon} className="icon-primary icon-sm" />
        <span>{label}</span>
      </a>
    </li>
  );
}
