// @vitest-environment happy-dom
import { act, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { I18nProvider } from "#client/i18n/i18n-context.tsx";
import { comuneFixture, contattiFixture, menuFooterFixture } from "#tests/support/tenant-fixture.ts";
import { FooterIsland, ServerFooterContext } from "./footer-island.tsx";

const footer = { comune: comuneFixture, menuFooter: menuFooterFixture, contatti: contattiFixture };

function Page() {
  const { pathname } = useLocation();
  return (
    <>
      <main data-testid="where">{pathname}</main>
      <FooterIsland />
    </>
  );
}

const tree = () => {
  const Stub = createRoutesStub([{ path: "*", Component: Page }]);
  return (
    <I18nProvider locale="it">
      <Stub initialEntries={["/"]} />
    </I18nProvider>
  );
};

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

test("the server renders the whole footer from the entry's data", () => {
  const html = renderToString(<ServerFooterContext value={{ footer }}>{tree()}</ServerFooterContext>);
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = html;
  const element = container.querySelector("footer#footer");
  expect(element?.querySelector('a[data-element="faq"]')?.getAttribute("href")).toBe("/faq");
  expect(element?.textContent).toContain("Comune di Valverde");
});

test("the browser hydrates without the footer's data, keeps the server's markup, and its portal links navigate client-side", async () => {
  const errors = vi.spyOn(console, "error");
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(
    <ServerFooterContext value={{ footer }}>{tree()}</ServerFooterContext>,
  );
  const serverFooter = container.querySelector("footer")!.innerHTML;
  render(tree(), {
    container,
    hydrate: true,
    onRecoverableError: (error) => console.error("Recoverable React error while hydrating:", error),
  });
  expect(errors).not.toHaveBeenCalled();
  expect(container.querySelector("footer")!.innerHTML).toBe(serverFooter);
  const faq = container.querySelector<HTMLAnchorElement>('footer a[data-element="faq"]')!;
  await act(async () => faq.click());
  expect(container.querySelector('[data-testid="where"]')?.textContent).toBe("/faq");
  // Still the server's footer after the client-side navigation.
  expect(container.querySelector("footer")!.innerHTML).toBe(serverFooter);
});
