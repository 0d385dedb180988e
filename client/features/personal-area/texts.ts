/**
 * The personal area's frame, desk and activities (`personalArea.*` keys, spread into `client/i18n/it.ts` and
 * `en.ts`): Italian is the source of the keys, English must have exactly the same ones.
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
  "personalArea.tab.services": "Servizi",
  "personalArea.unread.one": "{count} messaggio non letto",
  "personalArea.unread.other": "{count} messaggi non letti",
  "personalArea.incompleteTitle": "Completa il tuo profilo",
  "personalArea.incomplete":
    "Per utilizzare i servizi online è necessario indicare il tuo indirizzo e-mail nel profilo personale e accettare le condizioni d'uso delle notifiche.",
  "personalArea.incompleteLink": "Componi il profilo personale",
} as const;

export const personalAreaEn: Record<keyof typeof personalAreaIt, string> = {
  "personalArea.title": "Personal area",
  "personalArea.fiscalCode": "Tax code: {codFisc}",
  "personalArea.profileLink": "Profile",
  "personalArea.tabsLabel": "Sections of the personal area",
  "personalArea.tab.desk": "Desk",
  "personalArea.tab.messages": "Messages",
  "personalArea.tab.activities": "Activities",
  "personalArea.tab.documents": "Documents",
  "personalArea.tab.services": "Services",
  "personalArea.unread.one": "{count} unread message",
  "personalArea.unread.other": "{count} unread messages",
  "personalArea.incompleteTitle": "Complete your profile",
  "personalArea.incomplete":
    "To use the online services you need to give your e-mail address in your personal profile and accept the terms of use of notifications.",
  "personalArea.incompleteLink": "Set up your personal profile",
};
