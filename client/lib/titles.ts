import type { MetaDescriptor } from "react-router";
import { rootDataOf, type MatchesFromRoot } from "./root-data.ts";
import { translatorFor, type MessageKey, type Translate } from "#client/i18n/i18n-context.tsx";

/** A route module's `handle`: its title as a catalogue key (the rating at the page's end reports it). */
export type RouteHandle = { title: MessageKey; hideMenu?: boolean };

/** The `t` of a meta function, in the page's language (from the root data). */
export function metaT(matches: MatchesFromRoot): Translate {
  return translatorFor(rootDataOf(matches)?.locale ?? "it");
}

/** "{route title} - {municipality name}", the spec's title format; `title` is already in the page's language. */
export function pageTitle(matches: MatchesFromRoot, title: string): MetaDescriptor[] {
  const name = rootDataOf(matches)?.comune.nome;
  return [{ title: name ? `${title} - ${name}` : title }];
}
