// @vitest-environment happy-dom
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { expect, test } from "vitest";
import { HydrationProvider } from "#client/components/ui/use-hydrated.tsx";
import { NavigationSpinner } from "./navigation-spinner.tsx";

const routes: RouteObject[] = [
  {
    path: "/",
    element: (
      <HydrationProvider>
        <NavigationSpinner />
      </HydrationProvider>
    ),
  },
  // The page the citizen goes back to: its data never arrives, so the navigation stays under way.
  { path: "/indietro", loader: () => new Promise<never>(() => {}), element: <p>Pagina precedente</p> },
];

test("a navigation begun before the page is hydrated (the back button) hydrates the server's markup, then shows the spinner", async () => {
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(<RouterProvider router={createMemoryRouter(routes)} />);
  expect(container.querySelector(".progress-spinner")).toBeNull();

  // The browser's router listens to `popstate` before React has hydrated the page: a citizen who goes back while the
  // scripts still run starts a navigation that the hydration renders with.
  const router = createMemoryRouter(routes);
  void router.navigate("/indietro");
  expect(router.state.navigation.state).toBe("loading");

  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <RouterProvider router={router} />, {
      onRecoverableError: (error) => mismatches.push(error),
    });
  });
  expect(mismatches).toEqual([]);
  const status = container.querySelector('[role="status"]');
  expect(status?.textContent).toBe("Caricamento in corso…");
  expect(status?.querySelector(".progress-spinner")).not.toBeNull();
});
