// @vitest-environment happy-dom
import { act } from "@testing-library/react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { HydrationProvider, useHydrated } from "./use-hydrated.tsx";

const renders: boolean[] = [];
function Probe() {
  const hydrated = useHydrated();
  renders.push(hydrated);
  return <p>{hydrated ? "scripted" : "server"}</p>;
}

test("false on the server and while hydrating, true once hydrated, with <html data-hydrated> then", async () => {
  const page = (
    <HydrationProvider>
      <Probe />
    </HydrationProvider>
  );
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(page);
  expect(container.textContent).toBe("server");
  renders.length = 0;
  document.documentElement.removeAttribute("data-hydrated");
  await act(async () => {
    hydrateRoot(container, page, {
      onRecoverableError: (error) => console.error("Recoverable React error while hydrating:", error),
    });
  });
  // Hydrated with the server's answer (no mismatch), then switched: one render each.
  expect(renders).toEqual([false, true]);
  expect(container.textContent).toBe("scripted");
  expect(document.documentElement.hasAttribute("data-hydrated")).toBe(true);
});

test("a component rendered alone, outside the page's provider, is scripted", async () => {
  const container = document.body.appendChild(document.createElement("div"));
  await act(async () => createRoot(container).render(<Probe />));
  expect(container.textContent).toBe("scripted");
});
