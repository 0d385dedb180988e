// @vitest-environment happy-dom
import { waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { expect, test } from "vitest";
import { renderPage } from "#tests/support/render.tsx";
import type { PlaceStepData } from "./step-types.ts";
import { StepPlace } from "./step-place.tsx";

const data: PlaceStepData = {
  step: "luogo",
  categories: [
    { id: "10", name: "Anagrafe" },
    { id: "20", name: "Tributi" },
  ],
  fixedCategory: null,
  categoryId: null,
  offices: [],
  officeId: null,
};

/** The step, with the address it is shown at (what a submitted category changes). */
function Page() {
  const location = useLocation();
  return (
    <>
      <StepPlace data={data} backHref="/servizi" returnToSummary={false} />
      <output aria-label="Indirizzo">{location.search}</output>
    </>
  );
}

test("without JavaScript: the category is a GET form with its own 'Mostra uffici' button", () => {
  const page = renderPage(<Page />, { url: "/prenota?passo=luogo" });
  const button = page.getByRole("button", { name: "Mostra uffici" });
  expect(button.closest("form")?.getAttribute("method")).toBe("get");
});

test("a category chosen before hydration loads its offices once hydrated (its button is gone)", async () => {
  const page = renderPage(<Page />, {
    url: "/prenota?passo=luogo",
    hydrate: true,
    beforeHydration: (server) => {
      const select = server.getByRole("combobox", { name: /Categoria/ }) as HTMLSelectElement;
      select.value = "20";
    },
  });
  expect(page.queryByRole("button", { name: "Mostra uffici" })).toBeNull();
  await waitFor(() =>
    expect(page.getByRole("status", { name: "Indirizzo" }).textContent).toMatch(/categoria=20/),
  );
  expect(page.getByRole("status", { name: "Indirizzo" }).textContent).toMatch(/passo=luogo/);
});

test("hydrated with the category the server showed: nothing is submitted", async () => {
  const page = renderPage(<Page />, { url: "/prenota?passo=luogo", hydrate: true });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(page.getByRole("status", { name: "Indirizzo" }).textContent).toBe("?passo=luogo");
});

test("a refused step: the summary names each field and leads to it; what was chosen stays", () => {
  const offices = [
    { id: "1", name: "Sede centrale", location: "Via Roma 1", description: null, virtual: false },
    { id: "2", name: "Sportello nord", location: "Via Po 2", description: null, virtual: false },
  ].map((office) => ({ ...office, additionalInformations: null }));
  const page = renderPage(
    <StepPlace
      data={{ ...data, categoryId: "20", offices }}
      actionData={{
        intent: "luogo",
        errors: { ufficio: "Seleziona un ufficio" },
        values: { categoria: "20", ufficio: "" },
      }}
      backHref="/servizi"
      returnToSummary={false}
    />,
    { url: "/prenota?passo=luogo&categoria=20" },
  );
  const link = page.getByRole("link", { name: "Ufficio: Seleziona un ufficio" });
  const office = page.getByRole("combobox", { name: /^Ufficio/ });
  expect(link.getAttribute("href")).toBe(`#${office.id}`);
  expect(office.getAttribute("aria-invalid")).toBe("true");
  // The server's HTML (what a page without JavaScript keeps): the category chosen is the selected option.
  expect(page.getByRole("option", { name: "Tributi" }).hasAttribute("selected")).toBe(true);
  expect(page.queryByRole("link", { name: /^Categoria:/ })).toBeNull();
});
