import { Link } from "react-router";
import { ServiceCard } from "#client/components/service-card/service-card.tsx";
import { ContentText, TextWithContent, useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { InformationLayout } from "./information-layout.tsx";
import { informationIt } from "./texts.ts";
import type { TopicView } from "./topics-model.ts";

/**
 * "Argomenti" (design-comuni `argomenti.hbs`): each topic a card whose link (`topic-element`) holds only the topic's
 * name, as the AGID checker reads it (C.SI.1.5), with the services of that topic.
 */
export function TopicsPage({ topics }: { topics: TopicView[] }) {
  const t = useT(informationIt);
  const lang = useContentLang();
  return (
    <InformationLayout
      breadcrumb={[{ name: "Home", href: href("/") }, { name: t("information.topics.title") }]}
      title={t("information.topics.title")}
      lead={t("information.topics.lead")}
    >
      {topics.length === 0 ? (
        <p>{t("information.topics.empty")}</p>
      ) : (
        <ul className="row g-4 list-unstyled mb-0">
          {topics.map((topic) => (
            <li key={topic.nome} className="col-12 col-md-6 col-lg-4">
              <div className="card card-teaser shadow-sm rounded h-100 p-0">
                <div className="card-body p-3">
                  <h2 className="card-title h5 mb-1">
                    <Link
                      to={topic.href}
                      data-element="topic-element"
                      className="text-decoration-none"
                      lang={lang}
                    >
                      {topic.nome}
                    </Link>
                  </h2>
                  <p className="small text-secondary mb-2">
                    {topic.services.length > 0
                      ? t("information.topic.services", { count: topic.services.length })
                      : t("information.topic.none")}
                  </p>
                  {topic.services.length > 0 ? (
                    <ul className="list-unstyled mb-0">
                      {topic.services.map((service) => (
                        <li key={service.id} className="mb-1">
                          <Link to={service.href} lang={lang}>
                            {service.nome}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </InformationLayout>
  );
}

/** One topic: its services as service cards (`service-link`). */
export function TopicPage({ topic }: { topic: TopicView }) {
  const t = useT(informationIt);
  return (
    <InformationLayout
      breadcrumb={[
        { name: "Home", href: href("/") },
        { name: t("information.topics.title"), href: href("/argomenti") },
        { name: topic.nome, content: true },
      ]}
      title={<ContentText>{topic.nome}</ContentText>}
      lead={<TextWithContent text={t("information.topic.lead")} content={{ topic: topic.nome }} />}
    >
      <h2 className="title-xxlarge mb-3">{t("information.topic.servicesTitle")}</h2>
      {topic.services.length === 0 ? (
        <p>{t("information.topic.noServices")}</p>
      ) : (
        <ul className="row g-4 list-unstyled mb-4">
          {topic.services.map((service) => (
            <li key={service.id} className="col-12 col-md-6 col-lg-4">
              <ServiceCard
                title={service.nome}
                href={service.href}
                description={service.descrizione}
                category={service.categoria}
              />
            </li>
          ))}
        </ul>
      )}
      <Link to={href("/argomenti")} className="btn btn-outline-primary fw-bold">
        {t("information.topic.allTopics")}
      </Link>
    </InformationLayout>
  );
}
