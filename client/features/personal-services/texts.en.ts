import type { personalServicesIt } from "./texts.ts";

/** The English of `personalServicesIt` (./texts.ts): exactly its keys. */
export const personalServicesEn: Record<keyof typeof personalServicesIt, string> = {
  "personalServices.title": "Services",
  "personalServices.searchLabel": "Search for a service by name",
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
  "personalServices.added": "Added to favourites",
  "personalServices.removed": "Removed from favourites",
  "personalServices.toggleFailed": "The favourites could not be changed",
  "personalServices.loadFailed": "The favourite services could not be loaded",
  "personalServices.failedTitle": "Error",
};
