/**
 * The services catalogue's part of the catalogue of texts (`servicesCatalogue.*` keys, spread into
 * `client/i18n/it.ts` and `en.ts`): Italian is the source of the keys, English must have exactly the same ones.
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

export const servicesCatalogueEn: Record<keyof typeof servicesCatalogueIt, string> = {
  "servicesCatalogue.title": "Services",
  "servicesCatalogue.lead":
    "All the municipality's services: search by name or browse the categories, and use the online services.",
  "servicesCatalogue.searchLabel": "Search for a service",
  "servicesCatalogue.searchPlaceholder": "Search by name or description",
  "servicesCatalogue.searchSubmit": "Search",
  "servicesCatalogue.allServices": "Explore all services",
  "servicesCatalogue.categoryServices": "Services in the category {category}",
  "servicesCatalogue.results.one": "{count} service found",
  "servicesCatalogue.results.other": "{count} services found",
  "servicesCatalogue.noResults": "No service matches the search.",
  "servicesCatalogue.clearFilters": "Show all services",
  "servicesCatalogue.loadMore": "Load more results",
  "servicesCatalogue.categories": "Explore by category",
  "servicesCatalogue.categoryCount.one": "{count} service",
  "servicesCatalogue.categoryCount.other": "{count} services",
  "servicesCatalogue.booking.title": "Book an appointment",
  "servicesCatalogue.booking.text": "Choose the office, the day and the time you prefer.",
  "servicesCatalogue.booking.link": "Book an appointment",
  "servicesCatalogue.uncategorised": "Other services",
};
