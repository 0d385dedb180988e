import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { needsEnglish, provideEnglish } from "./i18n/i18n-context.tsx";

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

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
