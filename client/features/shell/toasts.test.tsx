// @vitest-environment happy-dom
import { expect, test } from "vitest";
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
