import { useRouteLoaderData } from "react-router";
import type { loader } from "#client/root.tsx";

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
  return useRouteLoaderData<typeof loader>("root");
}

/** The root loader's data in a meta function. */
export function rootDataOf(matches: MatchesFromRoot): RootData | undefined {
  return matches[0].loaderData;
}
