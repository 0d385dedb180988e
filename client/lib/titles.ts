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
  hideMenu?: boolean;
};

/** `export const handle = routeHandle("profile.title", profileIt)`; `routeHandle("home.title")` for a base key. */
export function routeHandle<const C extends readonly Catalogue[], const K extends TextKey<Catalogues<C>>>(
  title: K,
  ...catalogues: C
): RouteHandle<K> {
  return { title, catalogues };
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

/** "{route title} - {municipality name}", the spec's title format; `title` is already in the page's language. */
export function pageTitle(matches: MatchesFromRoot, title: string): MetaDescriptor[] {
  const name = rootDataOf(matches)?.comune.nome;
  return [{ title: name ? `${title} - ${name}` : title }];
}
