import { startTransition, StrictMode, useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { needsEnglish, provideEnglish } from "./i18n/i18n-context.tsx";
import { reloadIfMoved } from "./lib/rendered-address.ts";

declare global {
  interface Window {
    BOOTSTRAP_ITALIA_VERSION?: string;
  }
}

// Read by the Modello Comuni conformance checker; matches the bootstrap-italia package in use.
window.BOOTSTRAP_ITALIA_VERSION = __BOOTSTRAP_ITALIA_VERSION__;

// An English page's texts: a chunk of its own, loaded before hydration so that it renders exactly the server's texts
// (the locale changes only with a full page load).
if (needsEnglish(import.meta.env, document.documentElement.lang))
  provideEnglish((await import("./texts.en.ts")).en);

// The server's page is painted before React hydrates it. On a fast connection the scripts arrive with the styles, and
// the browser ran the whole hydration before its first paint: the citizen saw nothing until then (issue #40:
// Lighthouse's first contentful paint counted it, four times slowed). A hidden tab has no frame to wait for.
await new Promise<void>((resolve) => {
  if (document.visibilityState === "hidden") resolve();
  else requestAnimationFrame(() => setTimeout(resolve, 0));
});

/**
 * The router, checked once it is up: its layout effects (where React Router starts listening when it could not at
 * creation) run before this parent's, and a Back pressed between the check below and the router's creation left it
 * reading an address the server's data is not for.
 */
function CheckedRouter() {
  useLayoutEffect(() => void reloadIfMoved(), []);
  return <HydratedRouter />;
}

// A Back or Forward within the document before the router listens moved the address, not the page
// (client/lib/rendered-address.ts): the page is loaded anew rather than hydrated under the wrong address.
if (!reloadIfMoved()) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <CheckedRouter />
      </StrictMode>,
    );
  });
}
