import { expect, test } from "vitest";
import { formFields } from "./form-fields.ts";

const form = formFields({
  idPrefix: "richiesta",
  values: { nome: "Luca", email: "luca@" },
  errors: { email: "Indirizzo email non valido", allegato: "File troppo grande", form: "Riprova" },
  labels: { nome: "Nome", email: "Email", allegato: "Allegato" },
});

test("a field's binding: id from the prefix and the name, its label, what was typed, its error", () => {
  expect(form.field("nome")).toEqual({
    id: "richiesta-nome",
    name: "nome",
    label: "Nome",
    defaultValue: "Luca",
    error: undefined,
  });
  expect(form.field("email")).toMatchObject({ defaultValue: "luca@", error: "Indirizzo email non valido" });
  // A file field has no text value.
  expect(form.field("allegato")).toMatchObject({ defaultValue: "", error: "File troppo grande" });
});

test("the error summary: the fields' errors in the form's order, each leading to its field; not the form's own", () => {
  expect(form.summary).toEqual([
    { fieldId: "richiesta-email", message: "Email: Indirizzo email non valido" },
    { fieldId: "richiesta-allegato", message: "Allegato: File troppo grande" },
  ]);
});

test("a group of choices: the summary leads to its first choice", () => {
  const { summary } = formFields({
    values: {},
    errors: { kind: "Scegli una risposta" },
    labels: { kind: "Tipo di pagatore" },
    anchors: { kind: "kind-F" },
  });
  expect(summary).toEqual([{ fieldId: "kind-F", message: "Tipo di pagatore: Scegli una risposta" }]);
});
