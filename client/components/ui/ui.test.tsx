import { expect, test } from "vitest";
import { renderToHtml } from "./testing/render-to-html.tsx";
import { ErrorSummary } from "./error-summary.tsx";
import { getPageWindow, Pagination } from "./pagination.tsx";
import { Stepper } from "./stepper.tsx";
import { TextField } from "./text-field.tsx";
import { TextareaField } from "./textarea-field.tsx";
import { SelectField } from "./select-field.tsx";
import { Icon } from "./icon.tsx";

test("icons are decorative unless titled", () => {
  expect(renderToHtml(<Icon name="it-search" />)).toMatch(
    /<svg class="icon"[^>]*aria-hidden="true"><use href="[^"]*#it-search"/,
  );
  expect(renderToHtml(<Icon name="it-search" title="Cerca" />)).toMatch(/role="img" aria-label="Cerca"/);
});

test("a required text field has a label, a marked requirement and a described error", () => {
  const html = renderToHtml(
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
  expect(html).toContain(
    '<label for="cf" class="active">Codice fiscale<span aria-hidden="true"> *</span><span class="visually-hidden"> <!-- -->obbligatorio</span></label>',
  );
  expect(html).toMatch(/<input [^>]*aria-invalid="true" aria-describedby="cf-hint cf-error"/);
  expect(html).toContain("is-invalid text-uppercase");
  expect(html).toContain('<div id="cf-error" class="invalid-feedback d-block">Codice non valido</div>');
});

test("textarea counts the remaining characters and select lists its options", () => {
  const textarea = renderToHtml(
    <TextareaField name="d" id="d" label="Dettagli" maxLength={600} defaultValue="ciao" />,
  );
  expect(textarea).toContain("Caratteri rimanenti: 596");
  expect(textarea).toContain('aria-describedby="d-counter"');
  const select = renderToHtml(
    <SelectField
      name="c"
      id="c"
      label="Categoria"
      placeholder="Seleziona"
      options={[{ value: "1", label: "Anagrafe" }]}
    />,
  );
  expect(select).toContain('<option value="">Seleziona</option><option value="1">Anagrafe</option>');
});

test("the error summary links to each field", () => {
  const html = renderToHtml(
    <ErrorSummary items={[{ fieldId: "cf", message: "Codice fiscale obbligatorio" }]} />,
  );
  expect(html).toMatch(/class="alert alert-danger" tabindex="-1"/);
  expect(html).toContain("Correggi i seguenti errori");
  expect(html).toContain('<a href="#cf">Codice fiscale obbligatorio</a>');
  expect(renderToHtml(<ErrorSummary items={[]} />)).toBe("");
});

test("the stepper marks confirmed and active steps and shows n/N", () => {
  const html = renderToHtml(<Stepper steps={["Luogo", "Data e orario", "Riepilogo"]} current={2} />);
  expect(html).toMatch(/<li class="confirmed">Luogo.*Confermato<\/span><\/li>/);
  expect(html).toMatch(/<li class="active" aria-current="step">Data e orario.*Attivo<\/span><\/li>/);
  expect(html).toContain('<span class="steppers-index" aria-hidden="true">2<!-- -->/<!-- -->3</span>');
});

test("pagination shows a window of real links", () => {
  expect(getPageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
  expect(getPageWindow(1, 3)).toEqual([1, 2, 3]);
  const html = renderToHtml(<Pagination page={2} totalPages={3} hrefFor={(p) => `?page=${p}`} />);
  expect(html).toContain('href="?page=2" data-element="pager-link" aria-current="page"');
  expect(html).toContain("Pagina precedente");
});
