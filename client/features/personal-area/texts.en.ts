import type { personalAreaIt } from "./texts.ts";

/** The English of `personalAreaIt` (./texts.ts): exactly its keys. */
export const personalAreaEn: Record<keyof typeof personalAreaIt, string> = {
  "personalArea.title": "Personal area",
  "personalArea.fiscalCode": "Tax code: {codFisc}",
  "personalArea.profileLink": "Profile",
  "personalArea.tabsLabel": "Sections of the personal area",
  "personalArea.tab.desk": "Desk",
  "personalArea.tab.messages": "Messages",
  "personalArea.tab.activities": "Activities",
  "personalArea.tab.documents": "Documents",
  "personalArea.tab.deleghe": "Delegations",
  "personalArea.tab.services": "Services",
  "personalArea.incompleteTitle": "Complete your profile",
  "personalArea.incomplete":
    "To use the online services you need to give your e-mail address in your personal profile and accept the terms of use of notifications.",
  "personalArea.incompleteLink": "Set up your personal profile",
  "personalArea.noActivities": "There are no activities yet",
  "personalArea.desk.latestActivities": "Latest activities",
  "personalArea.desk.allActivities": "Show more activities",
  "personalArea.desk.activitiesFailed": "Not all the activities could be loaded",
  "personalArea.desk.latestMessages": "Latest messages",
  "personalArea.desk.allMessages": "Show more messages",
  "personalArea.desk.favourites": "Favourite services",
  "personalArea.desk.allServices": "Show all services",
  "personalArea.desk.noMessages": "There are no notifications yet",
  "personalArea.desk.noFavourites": "You have no favourite services yet",
  "personalArea.desk.favouritesFailed": "The list of services could not be loaded",
  "personalArea.desk.messagesFailed": "The messages could not be loaded",
  "personalArea.pageIndex": "Page index",
};
