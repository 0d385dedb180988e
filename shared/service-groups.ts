import type { Servizio } from "./api/tenant-config.ts";

export const UNCATEGORISED = "Altri servizi";

export type ServiceGroup = { category: string; services: Servizio[] };

/**
 * Groups active services by category (a service in two categories appears in both), categories in alphabetical
 * order with the uncategorised ones last, services by name.
 */
export function groupServicesByCategory(services: readonly Servizio[]): ServiceGroup[] {
  const groups = new Map<string, Servizio[]>();
  for (const service of services) {
    if (!service.attivo) continue;
    const categories = service.categorie.length ? service.categorie : [UNCATEGORISED];
    for (const category of categories) {
      const list = groups.get(category) ?? [];
      list.push(service);
      groups.set(category, list);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === UNCATEGORISED ? 1 : b === UNCATEGORISED ? -1 : a.localeCompare(b, "it")))
    .map(([category, list]) => ({
      category,
      services: list.sort((x, y) => x.nome.localeCompare(y.nome, "it")),
    }));
}

export function categorySlug(category: string): string {
  return category
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
