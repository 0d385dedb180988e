import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";

/**
 * Whether React runs the page. The root layout provides it to every page; outside a HydrationProvider (a component
 * rendered alone by a unit test) React runs it.
 */
const HydratedContext = createContext(true);

/**
 * Gives useHydrated its answer for the page: false on the server and while React hydrates the server's markup, true
 * once hydration is done. The switch is a transition: the components that change with it re-render in slices the
 * browser can interrupt. Read from an external store, it was a synchronous re-render that also flushed every effect
 * of the page in the same task, the longest task of a page load (issue #40, Lighthouse's blocking time).
 *
 * `<html data-hydrated>` marks the document once the switch is done (as govuk-frontend marks `<body>` when its
 * scripts run): styles and tests can tell the scripted page from the server's on every page, error pages included.
 */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute("data-hydrated", "");
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False on the server and during hydration, true afterwards. Lets a component render its no-JavaScript markup
 * first (identical on both sides, so no mismatch) and switch to the scripted variant right after hydration.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
