import { categorySlug } from "./service-groups.ts";

/**
 * The Modello Comuni's controlled vocabulary of topics ("argomenti", 64 items, design model "Topics"), spelled
 * exactly as the model does: the AGID checker (C.SI.1.5) scores the topics page only when every `topic-element` is
 * one of these. They are the model's names, not portal texts: shown as they are in every language.
 */
export const TOPICS = [
  "Accesso all'informazione",
  "Acqua",
  "Agricoltura",
  "Anagrafe",
  "Animale domestico",
  "Aria",
  "Assistenza agli invalidi",
  "Assistenza sociale",
  "Associazioni",
  "Bilancio",
  "Commercio al minuto",
  "Commercio all'ingrosso",
  "Commercio ambulante",
  "Comunicazione istituzionale",
  "Comunicazione politica",
  "Concorsi",
  "Covid-19",
  "Elezioni",
  "Energie rinnovabili",
  "Estero",
  "Foreste",
  "Formazione professionale",
  "Gemellaggi",
  "Gestione rifiuti",
  "Giustizia",
  "Igiene pubblica",
  "Immigrazione",
  "Imposte",
  "Imprese",
  "Inquinamento",
  "Integrazione sociale",
  "Isolamento termico",
  "Istruzione",
  "Lavoro",
  "Matrimonio",
  "Mercato",
  "Mobilità sostenibile",
  "Morte",
  "Nascita",
  "Parcheggi",
  "Patrimonio culturale",
  "Pesca",
  "Piano di sviluppo",
  "Pista ciclabile",
  "PNRR",
  "Politica commerciale",
  "Polizia",
  "Prodotti alimentari",
  "Protezione civile",
  "Residenza",
  "Risposta alle emergenze",
  "Sistema giuridico",
  "Spazio Verde",
  "Sport",
  "Sviluppo sostenibile",
  "Tassa sui servizi",
  "Tempo libero",
  "Trasparenza amministrativa",
  "Trasporto pubblico",
  "Turismo",
  "Urbanizzazione",
  "Viaggi",
  "Zone pedonali",
  "ZTL",
] as const;

export type Topic = (typeof TOPICS)[number];

/** A topic's path segment, e.g. "Accesso all'informazione" → "accesso-all-informazione". */
export const topicSlug: (topic: string) => string = categorySlug;

const bySlug = new Map<string, Topic>(TOPICS.map((topic) => [topicSlug(topic), topic]));

/** The vocabulary topic of a path segment, or undefined. */
export function topicOfSlug(slug: string): Topic | undefined {
  return bySlug.get(slug);
}

/** The vocabulary topic a configured name stands for (compared without case or accents), or undefined. */
export function vocabularyTopic(name: string): Topic | undefined {
  return bySlug.get(topicSlug(name));
}
