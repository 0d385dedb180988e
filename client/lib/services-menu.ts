import type { MenuItem } from "#shared/api/tenant-config.ts";
import { categorySlug } from "#shared/service-groups.ts";
import { href, withQuery } from "./links.ts";

/** A services entry of the menus, pointed at the portal's catalogue (`/servizi`) and its categories (`?categoria=`). */
function toCatalogue(item: MenuItem): MenuItem {
  return {
    ...item,
    url: href("/servizi"),
    children: item.children.map((child) => ({
      ...child,
      url: withQuery(href("/servizi"), { categoria: categorySlug(child.title) }),
    })),
  };
}

/**
 * A municipality without a CMS (`cms: false`) has no services pages of its own: the header's "Servizi" entry
 * (`all-services`) and its categories lead to the portal's catalogue, and so does the footer's section that links
 * to the same services page (its "Categorie di servizio"). With a CMS the configured menus are kept as they are
 * (the municipality's website). Applied once, where the root loader hands the menus to the shell.
 */
export function withPortalCatalogue(
  menus: { main: MenuItem[]; footerMain: MenuItem[] },
  cms: boolean,
): { main: MenuItem[]; footerMain: MenuItem[] } {
  if (cms) return menus;
  const services = menus.main.find((item) => item.dataElement === "all-services");
  if (!services) return menus;
  return {
    main: menus.main.map((item) => (item === services ? toCatalogue(item) : item)),
    footerMain: menus.footerMain.map((item) => (item.url === services.url ? toCatalogue(item) : item)),
  };
}
