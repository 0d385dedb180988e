import { expect, test } from "vitest";
import { renderToHtml } from "#client/components/ui/testing/render-to-html.tsx";
import { ToastProvider } from "./toasts.tsx";
import { createToastState, mergeServerToasts, removeToast } from "./toast-types.ts";

test("server toasts are in the HTML inside live regions", () => {
  const html = renderToHtml(
    <ToastProvider
      initialToasts={[
        { id: "a", html: "<p>Richiesta inviata</p>", kind: "success", title: "Fatto" },
        { id: "b", html: "Qualcosa non va", kind: "error" },
      ]}
    >
      <main>pagina</main>
    </ToastProvider>,
  );
  expect(html).toMatch(
    /<div role="status" aria-live="polite"><div class="notification with-icon dismissable success">/,
  );
  expect(html).toContain("Fatto</h2>");
  expect(html).toContain("<p>Richiesta inviata</p>");
  expect(html).toMatch(
    /<div role="alert" aria-live="assertive"><div class="notification with-icon dismissable error">/,
  );
  expect(html).toContain("Attenzione</h2>");
});

test("a dismissed server toast does not come back when the server repeats it", () => {
  const toast = { id: "flash-1", html: "ok", kind: "success" as const };
  const state = removeToast(createToastState([toast]), "flash-1");
  expect(mergeServerToasts(state, [toast]).toasts).toEqual([]);
  const next = { id: "flash-2", html: "altro", kind: "success" as const };
  expect(mergeServerToasts(state, [toast, next]).toasts).toEqual([next]);
});
