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

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
