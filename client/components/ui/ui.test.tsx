// @vitest-environment happy-dom
import { act, fireEvent, render } from "@testing-library/react";
import { useState } from "react";
import { expect, test } from "vitest";
import { renderPage } from "#tests/support/render.tsx";
import { ErrorSummary } from "./error-summary.tsx";
import { formFields } from "./form-fields.ts";
import { Stepper } from "./stepper.tsx";
import { TextField } from "./text-field.tsx";
import { TextareaField } from "./textarea-field.tsx";
import { SelectField } from "./select-field.tsx";
import { Icon } from "./icon.tsx";
import { iconSymbols } from "../icon-symbols.ts";

test("icons are decorative unless titled", () => {
  const decorative = renderPage(<Icon name="it-search" />);
  expect(decorative.queryByRole("img")).toBeNull();
  expect(decorative.container.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
  const titled = renderPage(<Icon name="it-search" title="Cerca" />);
  expect(titled.getByRole("img", { name: "Cerca" })).toBeTruthy();
});

test("icons are drawn inline, with no reference to a sprite, and keep their shapes once hydrated (issue #24)", () => {
  const shapes = iconSymbols.get("it-search")!;
  expect(shapes).toMatch(/^<path d="[^"]+"\/>/);
  const page = renderPage(<Icon name="it-search" />, { hydrate: true });
  const svg = page.container.querySelector("svg")!;
  expect(svg.getAttribute("viewBox")).toBe("0 0 24 24");
  const drawn = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  drawn.innerHTML = shapes;
  expect(svg.innerHTML).toBe(drawn.innerHTML);
  expect(page.container.querySelector("use")).toBeNull();
});

test("a required text field has a label, a marked requirement and a described error", () => {
  const page = renderPage(
    <TextField
      name="cf"
      id="cf"
      label="Codice fiscale"
      required
      uppercase
      hint="16 caratteri"
      error="Codice non valido"
    />,
  );
  const input = page.getByLabelText("Codice fiscale * obbligatorio");
  expect(input.getAttribute("name")).toBe("cf");
  expect(input.getAttribute("aria-invalid")).toBe("true");
  const described = (input.getAttribute("aria-describedby") ?? "").split(" ");
  expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
    "16 caratteri",
    "Codice non valido",
  ]);
  expect(input.classList).toContain("is-invalid");
  expect(input.classList).toContain("text-uppercase");
});

test("textarea counts the remaining characters and select lists its options", () => {
  const textarea = renderPage(
    <TextareaField name="d" id="d" label="Dettagli" maxLength={600} defaultValue="ciao" />,
  );
  const details = textarea.getByRole("textbox", { name: "Dettagli" });
  const counter = document.getElementById(details.getAttribute("aria-describedby") ?? "");
  expect(counter?.textContent).toBe("Caratteri rimanenti: 596");
  const select = renderPage(
    <SelectField
      name="c"
      id="c"
      label="Categoria"
      placeholder="Seleziona"
      options={[{ value: "1", label: "Anagrafe" }]}
    />,
  );
  const options = select.getAllByRole("option") as HTMLOptionElement[];
  expect(options.map((option) => [option.value, option.textContent])).toEqual([
    ["", "Seleziona"],
    ["1", "Anagrafe"],
  ]);
  expect(select.getByRole("combobox", { name: "Categoria" })).toBeTruthy();
});

test("the error summary links to each field and takes the focus once hydrated", () => {
  const page = renderPage(
    <>
      <ErrorSummary items={[{ fieldId: "cf", message: "Codice fiscale obbligatorio" }]} />
      <input id="cf" aria-label="Codice fiscale" />
    </>,
    { hydrate: true },
  );
  const summary = page.getByRole("region", { name: "Correggi i seguenti errori" });
  expect(summary.classList).toContain("alert-danger");
  expect(document.activeElement).toBe(summary);
  const link = page.getByRole("link", { name: "Codice fiscale obbligatorio" });
  expect(link.getAttribute("href")).toBe("#cf");
  expect(renderPage(<ErrorSummary items={[]} />).container.innerHTML).toBe("");
});

/** A form whose failed post's errors are shown; "Altro rendering" re-renders it, "Nuovo invio" fails a post again. */
function FailedPost() {
  const [post, setPost] = useState({ errors: { cf: "Campo obbligatorio" } });
  const [renders, setRenders] = useState(0);
  const { field, summary } = formFields({
    values: {},
    errors: post.errors,
    labels: { cf: "Codice fiscale" },
  });
  return (
    <>
      <ErrorSummary items={summary} />
      <input id={field("cf").id} aria-label="Codice fiscale" />
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Altro rendering
      </button>
      <button type="button" onClick={() => setPost({ errors: { cf: "Campo obbligatorio" } })}>
        Nuovo invio
      </button>
    </>
  );
}

test("the error summary takes the focus after each failed post, never back from the citizen on a re-render", () => {
  const page = render(<FailedPost />);
  const summary = page.getByRole("region", { name: "Correggi i seguenti errori" });
  expect(document.activeElement).toBe(summary);
  const input = page.getByLabelText("Codice fiscale");
  act(() => input.focus());
  // The page renders again (a navigation under way, a field's state): the focus stays where the citizen put it.
  fireEvent.click(page.getByRole("button", { name: "Altro rendering" }));
  expect(document.activeElement).toBe(input);
  // The same errors from a new post (the citizen pressed "Avanti" again): the summary takes the focus again.
  fireEvent.click(page.getByRole("button", { name: "Nuovo invio" }));
  expect(document.activeElement).toBe(summary);
});

test("the stepper marks confirmed and active steps and shows n/N", () => {
  const page = renderPage(<Stepper steps={["Luogo", "Data e orario", "Riepilogo"]} current={2} />);
  const steps = page.getAllByRole("listitem");
  expect(steps.map((step) => step.textContent)).toEqual([
    "Luogo Confermato",
    "Data e orario Attivo",
    "Riepilogo",
  ]);
  expect(steps.map((step) => step.getAttribute("aria-current"))).toEqual([null, "step", null]);
  expect(page.getByText("2/3").getAttribute("aria-hidden")).toBe("true");
});
