import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { TOPICS, topicOfSlug, topicSlug, vocabularyTopic, type Topic } from "#shared/topics.ts";
import { href } from "#client/lib/links.ts";

/** A service listed under a topic. */
export type TopicService = {
  id: string;
  nome: string;
  descrizione: string;
  categoria: string | null;
  href: string;
};

export type TopicView = { nome: Topic; href: string; services: TopicService[] };

/**
 * The services of each of the model's topics: a service belongs to the topics of its scheda servizio
 * (`scheda.argomenti`, matched to the vocabulary without case or accents). Topics outside the vocabulary are left
 * out (the AGID checker, C.SI.1.5, wants only the model's topics). Services by name.
 */
function servicesByTopic(config: Pick<TenantConfig, "servizi" | "dettagli">): Map<Topic, TopicService[]> {
  const byTopic = new Map<Topic, TopicService[]>();
  for (const service of config.servizi) {
    const detail = config.dettagli.find((d) => d.idServizio === service.id);
    const topics = new Set((detail?.scheda?.argomenti ?? []).map(vocabularyTopic));
    for (const topic of topics) {
      if (!topic) continue;
      const list = byTopic.get(topic) ?? [];
      list.push({
        id: service.id,
        nome: service.nome,
        descrizione: service.descrizione,
        categoria: service.categorie[0] ?? null,
        href: href("/servizi/:id", { id: service.id }),
      });
      byTopic.set(topic, list);
    }
  }
  for (const list of byTopic.values()) list.sort((a, b) => a.nome.localeCompare(b.nome, "it"));
  return byTopic;
}

function topicView(topic: Topic, services: TopicService[]): TopicView {
  return { nome: topic, href: href("/argomenti/:topic", { topic: topicSlug(topic) }), services };
}

/**
 * The topics page: the model's topics that have services, and those the municipality puts in its topics menu
 * (`menu-argomenti`), in the vocabulary's order.
 */
export function buildTopics(config: Pick<TenantConfig, "servizi" | "dettagli" | "menu">): TopicView[] {
  const byTopic = servicesByTopic(config);
  const configured = new Set(config.menu.topics.map((item) => vocabularyTopic(item.title)));
  return TOPICS.filter((topic) => byTopic.has(topic) || configured.has(topic)).map((topic) =>
    topicView(topic, byTopic.get(topic) ?? []),
  );
}

/** One topic's page, for any topic of the vocabulary (null for a path that names none). */
export function buildTopic(
  config: Pick<TenantConfig, "servizi" | "dettagli">,
  slug: string,
): TopicView | null {
  const topic = topicOfSlug(slug);
  return topic ? topicView(topic, servicesByTopic(config).get(topic) ?? []) : null;
}
