import type { MenuItem } from "#shared/api/tenant-config.ts";
import { categorySlug } from "#shared/service-groups.ts";
import { topicSlug, vocabularyTopic } from "#shared/topics.ts";
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

/** The page of a topics menu entry: its topic's page when it names one of the model's topics, else all topics. */
function topicPage(item: MenuItem): string {
  if (item.dataElement === "all-topics") return href("/argomenti");
  const topic = vocabularyTopic(item.title);
  return topic ? href("/argomenti/:topic", { topic: topicSlug(topic) }) : href("/argomenti");
}

/** The portal's own page for a footer small-print entry, by its Modello Comuni `data-element`. */
const SMALL_PRINT_PAGES: Partial<Record<string, string>> = {
  "legal-notes": href("/note-legali"),
  "privacy-policy-link": href("/privacy"),
};

/**
 * A municipality without a CMS has no website to hold the topics, the legal notes and the privacy notice, so the
 * portal serves them (issue #24): the header's topics menu ("Tutti gli argomenti", `all-topics`, and each topic)
 * and the footer's "Note legali" (`legal-notes`) and "Informativa privacy" (`privacy-policy-link`) lead there.
 * With a CMS the configured links are kept. Applied with `withPortalCatalogue`, where the root loader hands the
 * menus to the shell.
 */
export function withPortalPages(
  menus: { topics: MenuItem[]; smallPrint: MenuItem[] },
  cms: boolean,
): { topics: MenuItem[]; smallPrint: MenuItem[] } {
  if (cms) return menus;
  return {
    topics: menus.topics.map((item) => ({ ...item, url: topicPage(item) })),
    smallPrint: menus.smallPrint.map((item) => {
      const page = item.dataElement ? SMALL_PRINT_PAGES[item.dataElement] : undefined;
      return page ? { ...item, url: page } : item;
    }),
  };
}

/** The origin of `url`, or null for a path of the portal, a fragment, `mailto:` and the like. */
function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** `items` without the links into `site` (an entry whose own page is there goes with its children). */
function withoutSite(items: readonly MenuItem[], site: string): MenuItem[] {
  return items.flatMap((item) =>
    originOf(item.url) === site ? [] : [{ ...item, children: withoutSite(item.children, site) }],
  );
}

/**
 * A municipality without a CMS has no website (issue #40): a configured link into it (`homePage`'s origin) would lead
 * to a site that does not exist, so the portal leaves it out, after the entries it serves itself were pointed at its
 * own pages (`withPortalCatalogue`, `withPortalPages`). Montealto's first-level menu is then its "Servizi" alone: the
 * model's other three entries (Amministrazione, Novità, Vivere il Comune) are a website's pages, which the portal does
 * not invent. With a CMS nothing is left out. Links to other sites (the region, AgID's form) stay.
 */
export function withoutAbsentWebsite<M extends Record<string, MenuItem[]>>(
  menus: M,
  cms: boolean,
  homePage: string | null,
): M {
  const site = homePage === null ? null : originOf(homePage);
  if (cms || !site) return menus;
  return Object.fromEntries(
    Object.entries(menus).map(([name, items]) => [name, withoutSite(items, site)]),
  ) as M;
}
