import { render, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type LoaderFunction } from "react-router";
import { HydrationProvider } from "#client/components/ui/use-hydrated.tsx";
import { I18nProvider, type Locale } from "#client/i18n/i18n-context.tsx";

type RenderOptions = {
  /** The URL of the memory router the element renders in (for components that use router hooks). */
  url?: string;
  locale?: Locale;
  /** Also hydrate the server HTML, as a browser with JavaScript does (mismatches fail the test via console.error). */
  hydrate?: boolean;
  /** With `hydrate`: called with the server's HTML in place, before hydration (to hold an element across it). */
  beforeHydration?: (page: ReturnType<typeof within> & { container: HTMLElement }) => void;
  /** Resource routes the element fetches once hydrated (a `useFetcher().load`): path and loader. */
  resources?: { path: string; loader: LoaderFunction }[];
};

function inRouter(element: ReactElement, { url = "/", locale = "it", resources = [] }: RenderOptions) {
  const Stub = createRoutesStub([...resources, { path: "*", Component: () => element }]);
  // As the root layout does: false on the server and while hydrating, true once hydrated.
  return (
    <HydrationProvider>
      <I18nProvider locale={locale}>
        <Stub initialEntries={[url]} />
      </I18nProvider>
    </HydrationProvider>
  );
}

/**
 * Server-renders `element` (what a browser without JavaScript shows) into the test DOM and returns Testing Library
 * queries bound to it. Needs a DOM environment: `// @vitest-environment happy-dom` at the top of the test file.
 */
export function renderPage(element: ReactElement, options: RenderOptions = {}) {
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(inRouter(element, options));
  if (options.hydrate) {
    options.beforeHydration?.({ container, ...within(container) });
    render(inRouter(element, options), {
      container,
      hydrate: true,
      // A hydration mismatch is "recoverable" for React (it re-renders on the client), a failure for the test.
      onRecoverableError: (error) => console.error("Recoverable React error while hydrating:", error),
    });
  }
  return { container, ...within(container) };
}

/** The elements carrying the Modello Comuni attribute `data-element="<value>"` (the conformance checker's hook). */
export function byDataElement(container: HTMLElement, value: string): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(`[data-element="${value}"]`)];
}
