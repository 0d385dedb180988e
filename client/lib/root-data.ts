import { useRouteError, useRouteLoaderData } from "react-router";
import { readRouteError } from "#shared/route-error.ts";
// The type of the root loader's work, not of root.tsx's `loader` (which only calls it): the shared layer does not
// import the app layer, and root.tsx ↔ root-data.ts made a type-level circle through the shell and the pages.
import type { loadRootData } from "./root-loader.server.ts";

/** What the root loader returns (`root-loader.server.ts`), typed from the loader itself: no hand-written copy. */
export type RootData = NonNullable<ReturnType<typeof useOptionalRootData>>;

/**
 * A meta function's `matches` (the generated `Route.MetaArgs`): the root match comes first. Its data is missing when
 * the root loader failed (the error boundary's meta).
 */
export type MatchesFromRoot = readonly [{ id: "root"; loaderData: RootData | undefined }, ...unknown[]];

/** The root loader's data for a page component; throws when rendered outside the root route. */
export function useRootData(): RootData {
  const data = useOptionalRootData();
  if (!data) throw new Error("root loader data missing");
  return data;
}

/**
 * The root loader's data, or undefined when the root loader did not run (the root error boundary). A route error
 * thrown before it by a root middleware may carry it (`routeError(…, { rootData })`, a refused form post): the error
 * page then has the municipality's shell.
 */
export function useOptionalRootData() {
  const loaded = useRouteLoaderData<typeof loadRootData>("root");
  const error = useRouteError();
  return loaded ?? carriedRootData<typeof loaded>(error);
}

/** The root data a caught route error carries (made on the server by the root loader's own function), if any. */
function carriedRootData<T>(error: unknown): T | undefined {
  return readRouteError(error)?.rootData as T | undefined;
}

/** The root loader's data in a meta function. */
export function rootDataOf(matches: MatchesFromRoot): RootData | undefined {
  return matches[0].loaderData;
}

/** The root boundary's meta `matches`, with the root data its route error carries when the root loader did not run. */
export function withCarriedRootData<M extends MatchesFromRoot>(matches: M, error: unknown): M {
  const carried = carriedRootData<RootData>(error);
  if (matches[0].loaderData !== undefined || carried === undefined) return matches;
  return [{ ...matches[0], loaderData: carried }, ...matches.slice(1)] as unknown as M;
}
