import { afterEach, beforeEach } from "vitest";
import { guardConsoleError } from "./console-error-guard.ts";
import { provideEnglish } from "#client/i18n/i18n-context.tsx";
import { en } from "#client/texts.en.ts";

// What the entries do before any render: English pages and `translatorFor("en")` read the complete catalogue.
provideEnglish(en);

// Every test fails when it logs console.error (React's act() and hydration warnings go there too).
let guard: ReturnType<typeof guardConsoleError> | undefined;

beforeEach(() => {
  guard = guardConsoleError();
});

afterEach(async () => {
  // Component tests run in a DOM environment: unmount what they rendered and empty the document (server-rendered
  // pages reuse the same ids, and a label must not find an earlier test's field).
  if (typeof document !== "undefined") {
    const { cleanup } = await import("@testing-library/react");
    cleanup();
    document.body.innerHTML = "";
  }
  const current = guard;
  guard = undefined;
  current?.release();
});
