/**
 * The personal-services part of the catalogue (`personalServices.*` keys, spread into `client/i18n/it.ts` and `en.ts`): Italian is
 * the source of the keys, English must have exactly the same ones.
 */
export const personalServicesIt = {
  "personalServices.title": "Servizi",
  "personalServices.searchLabel": "Cerca un servizio per nome",
  "personalServices.searchSubmit": "Cerca",
  "personalServices.count.one": "{count} servizio",
  "personalServices.count.other": "{count} servizi",
  "personalServices.favouritesCount.one": "{count} preferito",
  "personalServices.favouritesCount.other": "{count} preferiti",
  "personalServices.emptyFiltered": "Non ci sono servizi in base ai filtri di ricerca",
  "personalServices.empty": "Nessun risultato",
  "personalServices.favourite": "Preferito",
  "personalServices.add": "Aggiungi ai preferiti",
  "personalServices.remove": "Rimuovi dai preferiti",
  "personalServices.toggleFailed": "Non è stato possibile modificare i preferiti",
  "personalServices.loadFailed": "Non è stato possibile caricare i servizi preferiti",
  "personalServices.failedTitle": "Errore",
} as const;

export const personalServicesEn: Record<keyof typeof personalServicesIt, string> = {
  "personalServices.title": "Services",
  "personalServices.searchLabel": "Search a service by name",
  "personalServices.searchSubmit": "Search",
  "personalServices.count.one": "{count} service",
  "personalServices.count.other": "{count} services",
  "personalServices.favouritesCount.one": "{count} favourite",
  "personalServices.favouritesCount.other": "{count} favourites",
  "personalServices.emptyFiltered": "No services match the search filters",
  "personalServices.empty": "No results",
  "personalServices.favourite": "Favourite",
  "personalServices.add": "Add to favourites",
  "personalServices.remove": "Remove from favourites",
  "personalServices.toggleFailed": "The favourites could not be changed",
  "personalServices.loadFailed": "The favourite services could not be loaded",
  "personalServices.failedTitle": "Error",
};
