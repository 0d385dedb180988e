import type { servicesCatalogueIt } from "./texts.ts";

/** The English of `servicesCatalogueIt` (./texts.ts): exactly its keys. */
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
