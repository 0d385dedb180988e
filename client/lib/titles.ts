import type { MetaDescriptor } from "react-router";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** "{route title} - {municipality name}", the spec's title format. */
export function pageTitle(matches: readonly MatchLike[], title: string): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    { comune?: { nome?: string } } | undefined;
  const name = root?.comune?.nome;
  return [{ title: name ? `${title} - ${name}` : title }];
}
