/**
 * The personal area's frame, desk and activities: the `personalArea.*` keys in Italian, the source of the keys
 * (English: ./texts.en.ts, the same keys). A component passes `personalAreaIt` to `useT` (server code to `serverT` /
 * `translatorFor`) to read them.
 */
export const personalAreaIt = {
  "personalArea.title": "Area personale",
  "personalArea.fiscalCode": "CF: {codFisc}",
  "personalArea.profileLink": "Profilo",
  "personalArea.tabsLabel": "Sezioni dell'area personale",
  "personalArea.tab.desk": "Scrivania",
  "personalArea.tab.messages": "Messaggi",
  "personalArea.tab.activities": "Attività",
  "personalArea.tab.documents": "Documenti",
  "personalArea.tab.deleghe": "Deleghe",
  "personalArea.tab.services": "Servizi",
  "personalArea.incompleteTitle": "Completa il tuo profilo",
  "personalArea.incomplete":
    "Per utilizzare i servizi online è necessario indicare il tuo indirizzo e-mail nel profilo personale e accettare le condizioni d'uso delle notifiche.",
  "personalArea.incompleteLink": "Componi il profilo personale",
  "personalArea.noActivities": "Non ci sono ancora attività",
  "personalArea.desk.latestActivities": "Ultime attività",
  "personalArea.desk.allActivities": "Vedi altre attività",
  "personalArea.desk.activitiesFailed": "Non è stato possibile caricare tutte le attività",
  "personalArea.desk.latestMessages": "Ultimi messaggi",
  "personalArea.desk.allMessages": "Vedi altri messaggi",
  "personalArea.desk.favourites": "Servizi preferiti",
  "personalArea.desk.allServices": "Vedi tutti i servizi",
  "personalArea.desk.noMessages": "Non ci sono ancora notifiche",
  "personalArea.desk.noFavourites": "Non hai ancora servizi preferiti",
  "personalArea.desk.favouritesFailed": "Non è stato possibile caricare la lista dei servizi",
  "personalArea.desk.messagesFailed": "Non è stato possibile ottenere i messaggi",
  "personalArea.pageIndex": "Indice della pagina",
} as const;
