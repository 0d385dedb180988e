import type { ReactNode } from "react";
import { Breadcrumb } from "#client/components/ui/breadcrumb.tsx";
import { PageIndex } from "#client/components/ui/page-index.tsx";
import { useContentLang, useT, type Translate } from "#client/i18n/i18n-context.tsx";
import { serviceCardIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import { jsonLdText, type ServiceDetailView } from "./service-detail-model.ts";
import { ServiceHeading } from "./service-heading.tsx";
import {
  hasAccessSection,
  ServiceAccess,
  ServiceCalendar,
  ServiceConditions,
  ServiceContacts,
} from "./service-sections.tsx";

/** `municipal`: the content is the municipality's text alone (its service card), marked Italian on other pages. */
type Section = { id: string; title: string; content: ReactNode; municipal?: true };
type T = Translate<typeof serviceCardIt>;

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
  const sections = serviceSections(service, t, useContentLang());
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
                ...(category ? [{ name: category.nome, href: category.href, content: true }] : []),
                { name: service.nome, content: true },
              ]}
            />
          </div>
          <ServiceHeading service={service} />
          {sections.length > 0 ? <IndexedSections sections={sections} /> : null}
        </div>
      </div>
    </div>
  );
}

/** The page index (`page-index`) beside the sections, each an `it-page-section` with its h2. */
function IndexedSections({ sections }: { sections: Section[] }) {
  const t = useT(serviceCardIt);
  const lang = useContentLang();
  return (
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
          <section key={s.id} id={s.id} className="it-page-section mb-5" aria-labelledby={`${s.id}-titolo`}>
            <h2 id={`${s.id}-titolo`} className="h3 mb-3">
              {s.title}
            </h2>
            {s.municipal ? <div lang={lang}>{s.content}</div> : s.content}
          </section>
        ))}
      </div>
    </div>
  );
}

/** The sections in the model's order, each only when the configuration has content for it. */
function serviceSections(service: ServiceDetailView, t: T, lang: "it" | undefined): Section[] {
  const { sheet } = service;
  const sections: Section[] = sheet ? sheetSections(sheet, t) : [];
  if (hasAccessSection(service))
    sections.push({
      id: "accedi-al-servizio",
      title: t("service.access.title"),
      content: <ServiceAccess service={service} />,
    });
  if (service.delegation)
    sections.push({
      id: "delega",
      title: t("service.delegation.title"),
      content: (
        <>
          <p>{t("service.delegation.text")}</p>
          {service.delegation.note ? (
            <p className="mb-0" lang={lang}>
              {service.delegation.note}
            </p>
          ) : null}
        </>
      ),
    });
  if (sheet)
    sections.push({
      id: "condizioni-di-servizio",
      title: t("serviceCard.conditions"),
      content: <ServiceConditions sheet={sheet} />,
    });
  if (sheet || service.contacts.assistanceHref || service.contacts.faqHref)
    sections.push({
      id: "contatti",
      title: t("service.contacts.title"),
      content: <ServiceContacts service={service} />,
    });
  if (service.linkScheda)
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
  return sections;
}

/** The sections read from the scheda: A chi è rivolto, Come fare, Cosa serve, Cosa si ottiene, Tempi, Quanto costa. */
function sheetSections(sheet: NonNullable<ServiceDetailView["sheet"]>, t: T): Section[] {
  const sections: Section[] = [];
  sections.push(
    {
      id: "a-chi-e-rivolto",
      municipal: true,
      title: t("serviceCard.addressed"),
      content: (
        <div data-element="service-addressed">
          <p className="mb-0">{sheet.destinatari}</p>
        </div>
      ),
    },
    {
      id: "come-fare",
      municipal: true,
      title: t("serviceCard.howTo"),
      content: (
        <div data-element="service-how-to">
          <p className="mb-0">{sheet.comeFare}</p>
        </div>
      ),
    },
    {
      id: "cosa-serve",
      municipal: true,
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
      municipal: true,
      title: t("serviceCard.achieved"),
      content: (
        <div data-element="service-achieved">
          <p className="mb-0">{sheet.cosaSiOttiene}</p>
        </div>
      ),
    },
    {
      id: "tempi-e-scadenze",
      municipal: true,
      title: t("serviceCard.calendar"),
      content: <ServiceCalendar sheet={sheet} />,
    },
  );
  if (sheet.costi)
    sections.push({
      id: "quanto-costa",
      municipal: true,
      title: t("serviceCard.costs"),
      content: <p className="mb-0">{sheet.costi}</p>,
    });
  return sections;
}
