import { useRouteLoaderData } from "react-router";
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

/** The root loader's data, or undefined when the root loader did not run (the root error boundary). */
export function useOptionalRootData() {
  return useRouteLoaderData<typeof loadRootData>("root");
}

/** The root loader's data in a meta function. */
export function rootDataOf(matches: MatchesFromRoot): RootData | undefined {
  return matches[0].loaderData;
}
