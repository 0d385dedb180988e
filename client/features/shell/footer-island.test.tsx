// @vitest-environment happy-dom
import { act, render } from "@testing-library/react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { Link, createRoutesStub, useLocation } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { I18nProvider } from "#client/i18n/i18n-context.tsx";
import { FooterIsland } from "./footer-island.tsx";
import { Footer } from "./footer.tsx";
import { FOOTER_ISLAND } from "#client/lib/shell-view.ts";
import { comuneFixture, contattiFixture, menuFooterFixture } from "#tests/support/tenant-fixture.ts";
import { ServerIsland, ServerIslandContext } from "#client/components/server-island/server-island.tsx";
import { islandDocument } from "#client/components/server-island/server-island.server.ts";

const footer = { comune: comuneFixture, menuFooter: menuFooterFixture, contatti: contattiFixture };
type Item = { label: string; to: string };
const items: Item[] = [{ label: "Domande frequenti", to: "/faq" }];

/** What the islands of links show: their items as a list of portal links. */
function linkList(links: Item[]) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>{link.label}</Link>
        </li>
      ))}
    </ul>
  );
}

/** A page with an island of links, whose value is `null` in a document (as a loader gives it) or the items. */
function Page({ value }: { value: Item[] | null }) {
  const { pathname } = useLocation();
  return (
    <>
      <main data-testid="where">{pathname}</main>
      <ServerIsland as="nav" name="test.links" value={value} aria-label="Collegamenti" render={linkList} />
      <FooterIsland />
    </>
  );
}

const tree = (value: Item[] | null) => {
  const Stub = createRoutesStub([{ path: "*", Component: () => <Page value={value} /> }]);
  return (
    <I18nProvider locale="it">
      <Stub initialEntries={["/"]} />
    </I18nProvider>
  );
};

const kept = islandDocument(
  new Map<string, unknown>([
    [FOOTER_ISLAND, footer],
    ["test.links", items],
  ]),
);

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

test("the server renders each island from the values its loaders kept, with the element's attributes", () => {
  const html = renderToString(<ServerIslandContext value={kept}>{tree(null)}</ServerIslandContext>);
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = html;
  const element = container.querySelector("footer#footer.it-footer");
  expect(element?.querySelector('a[data-element="faq"]')?.getAttribute("href")).toBe("/faq");
  expect(element?.textContent).toContain("Comune di Valverde");
  expect(container.querySelector('nav[aria-label="Collegamenti"] a')?.textContent).toBe("Domande frequenti");
});

test("a value kept by no loader renders the empty element", () => {
  const html = renderToString(
    <ServerIslandContext value={islandDocument(new Map())}>{tree(null)}</ServerIslandContext>,
  );
  expect(html).toContain('<nav aria-label="Collegamenti"></nav>');
  expect(html).toContain('<footer class="it-footer" id="footer"></footer>');
});

test("the browser hydrates without the islands' data, keeps the server's markup, and their portal links navigate client-side", async () => {
  const errors = vi.spyOn(console, "error");
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(<ServerIslandContext value={kept}>{tree(null)}</ServerIslandContext>);
  const serverFooter = container.querySelector("footer")!.innerHTML;
  const serverLinks = container.querySelector("nav")!.innerHTML;
  render(tree(null), {
    container,
    hydrate: true,
    onRecoverableError: (error) => console.error("Recoverable React error while hydrating:", error),
  });
  expect(errors).not.toHaveBeenCalled();
  expect(container.querySelector("footer")!.innerHTML).toBe(serverFooter);
  expect(container.querySelector("nav")!.innerHTML).toBe(serverLinks);

  await act(async () => container.querySelector<HTMLAnchorElement>("nav a")!.click());
  expect(container.querySelector('[data-testid="where"]')?.textContent).toBe("/faq");

  const faq = container.querySelector<HTMLAnchorElement>('footer a[data-element="faq"]')!;
  await act(async () => faq.click());
  expect(container.querySelector('[data-testid="where"]')?.textContent).toBe("/faq");
  // Still the server's footer after the client-side navigation.
  expect(container.querySelector("footer")!.innerHTML).toBe(serverFooter);
});

test("with the value (a client-side navigation's data) the island renders it like any component", () => {
  const { container } = render(tree(items));
  expect(container.querySelector('nav[aria-label="Collegamenti"] a')?.getAttribute("href")).toBe("/faq");
});

test("the island's markup is the footer the page would render in its place", () => {
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(<ServerIslandContext value={kept}>{tree(null)}</ServerIslandContext>);
  const Stub = createRoutesStub([{ path: "*", Component: () => <Footer {...footer} /> }]);
  const inPlace = document.body.appendChild(document.createElement("div"));
  inPlace.innerHTML = renderToStaticMarkup(
    <I18nProvider locale="it">
      <Stub initialEntries={["/area-personale"]} />
    </I18nProvider>,
  );
  expect(container.querySelector("footer")!.outerHTML).toBe(inPlace.querySelector("footer")!.outerHTML);
});

test("a kept value's markup is rendered once per language, then written again as it is", () => {
  const render = vi.fn(linkList);
  const value = [{ label: "Privacy", to: "/privacy" }];
  const islands = islandDocument(new Map([["test.once", value]]));
  const page = (locale: "it" | "en", path: string) => {
    const Stub = createRoutesStub([
      { path: "*", Component: () => <ServerIsland name="test.once" value={null} render={render} /> },
    ]);
    return renderToString(
      <ServerIslandContext value={islands}>
        <I18nProvider locale={locale}>
          <Stub initialEntries={[path]} />
        </I18nProvider>
      </ServerIslandContext>,
    );
  };
  const first = page("it", "/");
  expect(first).toContain('<a href="/privacy" data-discover="true">Privacy</a>');
  expect(page("it", "/faq")).toBe(first);
  expect(render).toHaveBeenCalledTimes(1);
  page("en", "/");
  expect(render).toHaveBeenCalledTimes(2);
  // A new value (a new configuration version) is rendered anew.
  const next = islandDocument(new Map([["test.once", [{ label: "Note legali", to: "/note-legali" }]]]));
  const Stub = createRoutesStub([
    { path: "*", Component: () => <ServerIsland name="test.once" value={null} render={render} /> },
  ]);
  expect(renderToString(<ServerIslandContext value={next}>{<Stub />}</ServerIslandContext>)).toContain(
    "Note legali",
  );
  expect(render).toHaveBeenCalledTimes(3);
});
