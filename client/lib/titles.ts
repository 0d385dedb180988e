import type { MetaDescriptor } from "react-router";
import { rootDataOf, type MatchesFromRoot } from "./root-data.ts";

/** "{route title} - {municipality name}", the spec's title format. */
export function pageTitle(matches: MatchesFromRoot, title: string): MetaDescriptor[] {
  const name = rootDataOf(matches)?.comune.nome;
  return [{ title: name ? `${title} - ${name}` : title }];
}
