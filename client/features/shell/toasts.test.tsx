// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, Link, Outlet, useLocation } from "react-router";
import { expect, test, vi } from "vitest";
import { I18nProvider } from "#client/i18n/i18n-context.tsx";
import { renderPage } from "#tests/support/render.tsx";
import { ToastProvider } from "./toasts.tsx";
import { createToastState, mergeServerToasts, removeToast } from "./toast-types.ts";

test("server toasts are in the HTML inside live regions", () => {
  const page = renderPage(
    <ToastProvider
      initialToasts={[
        { id: "a", html: "<p>Richiesta inviata</p>", kind: "success", title: "Fatto" },
        { id: "b", html: "Qualcosa non va", kind: "error" },
      ]}
    >
      <main>pagina</main>
    </ToastProvider>,
  );
  const polite = page.getByRole("status");
  expect(polite.getAttribute("aria-live")).toBe("polite");
  expect(polite.querySelector(".notification")?.classList).toContain("success");
  expect(polite.querySelector("h2")?.textContent).toContain("Fatto");
  expect(polite.querySelector("p")?.textContent).toBe("Richiesta inviata");
  const assertive = page.getByRole("alert");
  expect(assertive.getAttribute("aria-live")).toBe("assertive");
  expect(assertive.querySelector(".notification")?.classList).toContain("error");
  expect(assertive.querySelector("h2")?.textContent).toContain("Attenzione");
  expect(assertive.textContent).toContain("Qualcosa non va");
});

test("a dismissed server toast does not come back when the server repeats it", () => {
  const toast = { id: "flash-1", html: "ok", kind: "success" as const };
  const state = removeToast(createToastState([toast]), "flash-1");
  expect(mergeServerToasts(state, [toast]).toasts).toEqual([]);
  const next = { id: "flash-2", html: "altro", kind: "success" as const };
  expect(mergeServerToasts(state, [toast, next]).toasts).toEqual([next]);
});

test("a toast stays until it is closed or another page is shown: nothing hides by itself (WCAG 2.2.1)", async () => {
  vi.useFakeTimers();
  try {
    // As the shell holds it: one provider across pages, the server's toasts of the page being shown.
    const flash = [{ id: "flash", html: "Messaggio eliminato", kind: "success" as const }];
    const Shell = () => (
      <ToastProvider initialToasts={useLocation().pathname === "/" ? flash : []}>
        <Outlet />
      </ToastProvider>
    );
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: Shell,
        children: [
          { index: true, Component: () => <Link to="/altra">Altra pagina</Link> },
          { path: "altra", Component: () => <p>Altra</p> },
        ],
      },
    ]);
    render(
      <I18nProvider locale="it">
        <Stub initialEntries={["/"]} />
      </I18nProvider>,
    );
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole("status").textContent).toContain("Messaggio eliminato");
    await act(async () => fireEvent.click(screen.getByRole("link", { name: "Altra pagina" })));
    expect(screen.getByRole("status").textContent).toBe("");
  } finally {
    vi.useRealTimers();
  }
});
