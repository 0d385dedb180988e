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
