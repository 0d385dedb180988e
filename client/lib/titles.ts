import type { MetaDescriptor } from "react-router";
import { rootDataOf, type MatchesFromRoot } from "./root-data.ts";
import {
  translatorFor,
  type Catalogue,
  type Catalogues,
  type Locale,
  type TextKey,
  type Translate,
} from "#client/i18n/i18n-context.tsx";

/**
 * A route module's `handle`: its title as a catalogue key (the rating at the page's end reports it, the personal
 * area's breadcrumb shows it) and the catalogues that hold that key, for the frame that reads it. Made with
 * `routeHandle`, which checks that the key is in them.
 */
export type RouteHandle<K extends string = string> = {
  title: K;
  catalogues: readonly Catalogue[];
  /**
   * The pages above this one that its address does not nest it under (the breadcrumb shows them between the section
   * and the page, e.g. "Deleghe" above "Nuova delega"): each a title key of the same catalogues and its address.
   */
  parents?: readonly { title: string; href: string }[];
  hideMenu?: boolean;
  /**
   * The outcome page of a service's flow inside the personal area (a delegation sent): the area closes it with the
   * service's rating, "Quanto è stato facile usare questo servizio?" (Modello Comuni C.SE.1.7), before the contacts.
   */
  serviceEnd?: boolean;
  /** The anonymous page cache may keep this page (server/render/public-pages.ts): spread `PUBLIC_PAGE` in. */
  pageCache?: "public";
};

/**
 * A page the same for every anonymous visitor of a municipality, which the server's page cache may keep
 * (docs/decisions/page-cache.md): `export const handle = { ...routeHandle("home.title"), ...PUBLIC_PAGE }`, or
 * `export const handle = PUBLIC_PAGE`. The deepest matched route decides; a route without it is never cached.
 */
export const PUBLIC_PAGE = { pageCache: "public" } as const;

/** `export const handle = routeHandle("profile.title", profileIt)`; `routeHandle("home.title")` for a base key. */
export function routeHandle<const C extends readonly Catalogue[], const K extends TextKey<Catalogues<C>>>(
  title: K,
  ...catalogues: C
): RouteHandle<K> {
  return { title, catalogues };
}

/**
 * `routeHandle` of a page below pages its address does not nest it under (`parents`, shown by the breadcrumb between
 * the section and the page, e.g. "Deleghe" above "Nuova delega"): each a title key of the same catalogues.
 */
export function routeHandleUnder<
  const C extends readonly Catalogue[],
  const K extends TextKey<Catalogues<C>>,
>(
  parents: readonly { title: TextKey<Catalogues<C>>; href: string }[],
  title: K,
  ...catalogues: C
): RouteHandle<K> {
  return { title, catalogues, parents };
}

/** A handle's title in the page's language (`t` of the page's locale with the handle's catalogues). */
export function handleTitle(handle: RouteHandle, locale: Locale): string {
  return translatorFor(locale, ...handle.catalogues)(handle.title);
}

/** The `t` of a meta function, in the page's language (from the root data), with the given catalogues. */
export function metaT<const C extends readonly Catalogue[]>(
  matches: MatchesFromRoot,
  ...catalogues: C
): Translate<Catalogues<C>> {
  return translatorFor<C>(rootDataOf(matches)?.locale ?? "it", ...catalogues);
}

/** A meta description's length at most (what search engines show of it). */
export const DESCRIPTION_MAX = 160;

/** Text as a meta description: one line, at most `DESCRIPTION_MAX` characters, cut at a word with "…". */
export function descriptionText(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text of (sanitised) HTML from the upstream, e.g. a FAQ answer, for a description. */
export function htmlText(html: string): string {
  // Block elements part words; inline ones (links, emphasis) do not.
  const text = html
    .replace(/<\/?(?:p|div|li|ul|ol|h[1-6]|br|tr|td|th|table|section|blockquote)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "");
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
    const code =
      name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/**
 * A page's meta: "{route title} - {municipality name}", the spec's title format, or, for a page inside a section
 * (the personal area's tabs and details), `[page, section]`: "{page} - {section} - {municipality name}", the one
 * order every tab reads in (issue #25); and its `<meta name="description">`
 * from the page's own content (`description`: the service's description, the page's lead…), or, for a page
 * without one, "{title}" on the municipality's portal. `title` and `description` are already in the page's language.
 */
export function pageTitle(
  matches: MatchesFromRoot,
  titleOrParts: string | readonly [page: string, section: string],
  description?: string | null,
): MetaDescriptor[] {
  const title = typeof titleOrParts === "string" ? titleOrParts : titleOrParts.join(" - ");
  const root = rootDataOf(matches);
  const name = root?.comune.nome;
  const own = description ? descriptionText(description) : "";
  const fallback = name
    ? translatorFor(root?.locale ?? "it")("meta.description", { title, comune: name })
    : title;
  return [
    { title: name ? `${title} - ${name}` : title },
    { name: "description", content: own || descriptionText(fallback) },
  ];
}
