/**
 * The personal-services texts: the `personalServices.*` keys in Italian, the source of the keys (English:
 * ./texts.en.ts, the same keys). A component passes `personalServicesIt` to `useT` (server code to `serverT` /
 * `translatorFor`) to read them.
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
  "personalServices.added": "Aggiunto ai preferiti",
  "personalServices.removed": "Rimosso dai preferiti",
  "personalServices.toggleFailed": "Non è stato possibile modificare i preferiti",
  "personalServices.loadFailed": "Non è stato possibile caricare i servizi preferiti",
  "personalServices.failedTitle": "Errore",
} as const;
