import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

declare global {
  interface Window {
    BOOTSTRAP_ITALIA_VERSION?: string;
  }
}

// Read by the Modello Comuni conformance checker; matches the bootstrap-italia package in use.
window.BOOTSTRAP_ITALIA_VERSION = __BOOTSTRAP_ITALIA_VERSION__;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
