// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, Form, redirect } from "react-router";
import { expect, test } from "vitest";
import { I18nProvider } from "#client/i18n/i18n-context.tsx";
import { renderPage } from "#tests/support/render.tsx";
import { SubmitButton } from "./submit-button.tsx";

test("without JavaScript it is a plain, enabled submit button", () => {
  const page = renderPage(<SubmitButton>Invia</SubmitButton>);
  const button = page.getByRole("button", { name: "Invia" });
  expect(button.getAttribute("type")).toBe("submit");
  expect(button.hasAttribute("disabled")).toBe(false);
  expect(button.getAttribute("aria-busy")).toBeNull();
});

test("a fetcher form's own state locks it", () => {
  const page = renderPage(
    <SubmitButton busy busyLabel="Invio in corso">
      Invia
    </SubmitButton>,
  );
  const button = page.getByRole("button", { name: /Invia$/ });
  expect(button.getAttribute("aria-disabled")).toBe("true");
  expect(button.getAttribute("aria-busy")).toBe("true");
  expect(page.getByText("Invio in corso")).toBeTruthy();
});

/**
 * A page form with the button at "/", whose action counts its posts and answers `answer()`; `more` routes beside it.
 * Returns the post count and presses the button (a click, as the browser would).
 */
async function renderPostingForm(answer: () => unknown, more: Parameters<typeof createRoutesStub>[0] = []) {
  const posted = { count: 0 };
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <Form method="post">
          <SubmitButton busyLabel="Invio in corso">Invia</SubmitButton>
        </Form>
      ),
      action: () => {
        posted.count++;
        return answer();
      },
    },
    ...more,
  ]);
  render(
    <I18nProvider locale="it">
      <Stub />
    </I18nProvider>,
  );
  const press = async (button: HTMLElement) => {
    await act(async () => {
      fireEvent.click(button);
    });
  };
  await press(await screen.findByRole("button", { name: "Invia" }));
  return { posted, press };
}

test("while a page form is being posted it is disabled and busy, keeps the focus, a second press sends nothing, then free again", async () => {
  let answer: (value: null) => void = () => {};
  const { posted, press } = await renderPostingForm(() => new Promise<null>((resolve) => (answer = resolve)));
  const busy = await screen.findByRole("button", { name: /Invio in corso/ });
  // Not `disabled`: the browser would move the focus of a disabled button to <body>.
  expect(busy.hasAttribute("disabled")).toBe(false);
  expect(busy.getAttribute("aria-disabled")).toBe("true");
  expect(busy.getAttribute("aria-busy")).toBe("true");
  await press(busy);
  expect(posted.count).toBe(1);
  await act(async () => answer(null));
  const free = await screen.findByRole("button", { name: "Invia" });
  expect(free.getAttribute("aria-disabled")).toBeNull();
});

test("it stays locked while the page the post redirected to loads: a second press there sends nothing", async () => {
  let loaded: (value: null) => void = () => {};
  const { posted, press } = await renderPostingForm(
    () => redirect("/fatto"),
    [
      {
        path: "/fatto",
        Component: () => <p>Inviato</p>,
        loader: () => new Promise<null>((resolve) => (loaded = resolve)),
      },
    ],
  );
  // The action has answered (a redirect); the next page's data is on its way.
  await waitFor(() => expect(posted.count).toBe(1));
  await press(await screen.findByRole("button", { name: /Invio in corso/ }));
  expect(posted.count).toBe(1);
  await act(async () => loaded(null));
  expect(await screen.findByText("Inviato")).toBeTruthy();
  expect(posted.count).toBe(1);
});
