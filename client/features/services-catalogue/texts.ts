/**
 * The services catalogue's texts: the `servicesCatalogue.*` keys in Italian, the source of the keys (English:
 * ./texts.en.ts, the same keys). A component passes `servicesCatalogueIt` to `useT` (server code to `serverT` /
 * `translatorFor`) to read them.
 */
export const servicesCatalogueIt = {
  "servicesCatalogue.title": "Servizi",
  "servicesCatalogue.lead":
    "Tutti i servizi del Comune: cerca per nome o sfoglia le categorie, e accedi ai servizi online.",
  "servicesCatalogue.searchLabel": "Cerca un servizio",
  "servicesCatalogue.searchPlaceholder": "Cerca per nome o descrizione",
  "servicesCatalogue.searchSubmit": "Cerca",
  "servicesCatalogue.allServices": "Esplora tutti i servizi",
  "servicesCatalogue.categoryServices": "Servizi della categoria {category}",
  "servicesCatalogue.results.one": "{count} servizio trovato",
  "servicesCatalogue.results.other": "{count} servizi trovati",
  "servicesCatalogue.noResults": "Nessun servizio corrisponde alla ricerca.",
  "servicesCatalogue.clearFilters": "Mostra tutti i servizi",
  "servicesCatalogue.loadMore": "Carica altri risultati",
  "servicesCatalogue.categories": "Esplora per categoria",
  "servicesCatalogue.categoryCount.one": "{count} servizio",
  "servicesCatalogue.categoryCount.other": "{count} servizi",
  "servicesCatalogue.booking.title": "Prenota un appuntamento",
  "servicesCatalogue.booking.text": "Scegli l'ufficio, il giorno e l'orario che preferisci.",
  "servicesCatalogue.booking.link": "Prenota appuntamento",
  "servicesCatalogue.uncategorised": "Altri servizi",
};
