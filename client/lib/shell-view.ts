import type { Contatti, MenuFooter, MenuItem, TenantConfig } from "#shared/api/tenant-config.ts";
import { withoutAbsentWebsite, withPortalCatalogue, withPortalPages } from "#client/lib/services-menu.ts";

/** The names under which the root loader keeps the footer and the header's socials for the server's render only. */
export const FOOTER_ISLAND = "footer";
export const SOCIAL_ISLAND = "header.social";

/** A header menu entry as the navigation bar renders it (no children: the bar shows one level). */
export type NavItem = Pick<MenuItem, "title" | "url" | "dataElement">;

/** A social channel as the header and footer render it. */
export type SocialChannel = Pick<Contatti["social"]["channels"][number], "url" | "title" | "class">;

/**
 * What the header needs on the client too (it re-renders: toggler, active entry): the menus' titles, addresses and
 * `data-element`s, and the social channels. Small: it travels in the hydration data of every page.
 */
export type HeaderView = {
  menu: { main: NavItem[]; topics: NavItem[] };
  social: { channels: SocialChannel[] };
};

/**
 * What the footer renders: rendered on the server only (see footer-island.tsx), so none of it travels in the
 * hydration data. The contacts body is already sanitised (tenant-config.ts sanitises it once per configuration).
 */
export type FooterView = {
  comune: { nome: string };
  menuFooter: MenuFooter;
  contatti: Contatti;
  /** No footer menus upstream: the portal's own footer links, for the services offered (footer.tsx). */
  ownLinks: OwnFooterLinks | null;
};

export type OwnFooterLinks = {
  booking: boolean;
  assistance: boolean;
  /** "Segnalazione disservizio": the portal's own report, the tenants file's address, or none. */
  report: "portal" | (string & {}) | null;
  /** "Dichiarazione di accessibilità": the AgID address from the tenants file, or none. */
  accessibility: string | null;
};

export type ShellView = { header: HeaderView; footer: FooterView };

const navItem = (item: NavItem): NavItem =>
  item.dataElement
    ? { title: item.title, url: item.url, dataElement: item.dataElement }
    : { title: item.title, url: item.url };

const socialChannel = (c: SocialChannel): SocialChannel =>
  c.class ? { url: c.url, title: c.title, class: c.class } : { url: c.url, title: c.title };

/**
 * A municipality whose upstream sends no footer menus at all (the published BFF routes no `menufooter`): the
 * footer offers the portal's own links (FAQ, assistance, booking, disruption report, privacy, legal notes), as
 * the original front end did, rather than none.
 */
function ownFooterLinks(config: TenantConfig): FooterView["ownLinks"] {
  const { main, contacts, smallPrint } = config.menuFooter;
  if (main.length + contacts.length + smallPrint.length > 0) return null;
  const has = (code: string) => config.comune.assets.some((a) => a.codice === code);
  return {
    booking: has("APPSCHED"),
    assistance: has("ASSISTENZA_CRM"),
    report: has("DISSERVIZIO_CRM") ? "portal" : (config.fileLinks?.inefficiencyReport ?? null),
    accessibility: config.fileLinks?.accessibilityDeclaration ?? null,
  };
}

/**
 * What of the municipality a view depends on: its name, `cms`, its services and the tenants file's links (the own
 * footer links).
 */
const settingsOf = ({ comune, fileLinks }: TenantConfig) =>
  `${comune.nome}\0${String(comune.cms)}\0${comune.homePage ?? ""}\0${comune.assets.map((a) => a.codice).join(",")}\0${fileLinks?.accessibilityDeclaration ?? ""}\0${fileLinks?.inefficiencyReport ?? ""}`;

function deriveShellView(config: TenantConfig): ShellView {
  const catalogue = withPortalCatalogue(
    { main: config.menu.main, footerMain: config.menuFooter.main },
    config.comune.cms,
  );
  const pages = withPortalPages(
    { topics: config.menu.topics, smallPrint: config.menuFooter.smallPrint },
    config.comune.cms,
  );
  const { main, footerMain, topics, smallPrint, contacts } = withoutAbsentWebsite(
    { ...catalogue, ...pages, contacts: config.menuFooter.contacts },
    config.comune.cms,
    config.comune.homePage,
  );
  const channels = config.contatti.social.channels.map(socialChannel);
  return {
    header: {
      menu: { main: main.map(navItem), topics: topics.map(navItem) },
      social: { channels },
    },
    footer: {
      comune: { nome: config.comune.nome },
      menuFooter: { ...config.menuFooter, main: footerMain, smallPrint, contacts },
      contatti: { block: config.contatti.block, social: { title: config.contatti.social.title, channels } },
      ownLinks: ownFooterLinks(config),
    },
  };
}

/**
 * The shell's view models, derived once per configuration version: the tenant service hands out the same menu
 * object until the configuration is refreshed (a refresh replaces it), so it keys the cache, and an entry is only
 * reused while the other parts it is made of (footer menus, contacts: cached and refreshed each on its own) are the
 * same objects and the municipality's own settings it depends on (name, `cms`, `homePage`, services) the same values.
 */
const cache = new WeakMap<
  object,
  { settings: string; menuFooter: object; contatti: object; view: ShellView }
>();

export function shellView(config: TenantConfig): ShellView {
  const held = cache.get(config.menu);
  const settings = settingsOf(config);
  if (
    held &&
    held.settings === settings &&
    held.menuFooter === config.menuFooter &&
    held.contatti === config.contatti
  )
    return held.view;
  const view = deriveShellView(config);
  cache.set(config.menu, { settings, menuFooter: config.menuFooter, contatti: config.contatti, view });
  return view;
}
