import type { MetaDescriptor } from "react-router";
import { rootDataOf, type MatchesFromRoot } from "#client/lib/root-data.ts";
import { pageTitle } from "#client/lib/titles.ts";

/** "{title} - {municipality}" and the page's one meta description, written with the municipality's name. */
export function informationMeta(
  matches: MatchesFromRoot,
  title: string,
  description: (municipality: string) => string,
): MetaDescriptor[] {
  const municipality = rootDataOf(matches)?.comune.nome ?? "";
  return pageTitle(matches, title, description(municipality));
}
