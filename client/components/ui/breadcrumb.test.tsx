// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { byDataElement, renderPage } from "#tests/support/render.tsx";
import { Breadcrumb } from "./breadcrumb.tsx";
import { PageHero } from "./page-hero.tsx";

test("the breadcrumb follows the Modello Comuni markup", () => {
  const page = renderPage(
    <Breadcrumb
      items={[{ name: "Home", href: "/" }, { name: "Servizi", href: "/servizi" }, { name: "Anagrafe" }]}
    />,
  );
  const nav = page.getByRole("navigation", { name: "Percorso di navigazione" });
  expect(nav.classList).toContain("breadcrumb-container");
  const [list] = byDataElement(page.container, "breadcrumb");
  expect(list?.tagName).toBe("OL");
  expect(page.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
    "Home/",
    "Servizi/",
    "Anagrafe",
  ]);
  expect(page.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
  expect(page.getByRole("link", { name: "Servizi" }).getAttribute("href")).toBe("/servizi");
  expect(page.getByText("Anagrafe").getAttribute("aria-current")).toBe("page");
});

test("the last item is not a link even with an href", () => {
  const page = renderPage(
    <Breadcrumb
      items={[
        { name: "Home", href: "/" },
        { name: "FAQ", href: "/faq" },
      ]}
    />,
  );
  expect(page.queryByRole("link", { name: "FAQ" })).toBeNull();
  expect(page.getByText("FAQ").getAttribute("aria-current")).toBe("page");
});

test("the page hero carries page-name on the h1", () => {
  const page = renderPage(<PageHero title="Domande frequenti" lead="Le risposte alle domande più comuni" />);
  const heading = page.getByRole("heading", { level: 1, name: "Domande frequenti" });
  expect(heading.dataset.element).toBe("page-name");
  expect(page.getByText("Le risposte alle domande più comuni").classList).toContain("lead");
});
