import { montealtoCatalog, roccaserenaCatalog } from "./catalog-others.ts";
import type { Office, TenantCatalog } from "./catalog-types.ts";
import { valverdeCatalog } from "./catalog-valverde.ts";

const catalogs: Record<string, TenantCatalog> = {
  "comune-a": valverdeCatalog,
  "comune-b": montealtoCatalog,
  "comune-c": roccaserenaCatalog,
};

const emptyCatalog: TenantCatalog = { categories: [], offices: [] };

export function getCatalog(tenantId: string): TenantCatalog {
  return catalogs[tenantId] ?? emptyCatalog;
}

export function findOffice(tenantId: string, officeId: string): Office | undefined {
  return getCatalog(tenantId).offices.find((office) => office.id === officeId);
}
