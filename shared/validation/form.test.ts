import { expect, test } from "vitest";
import { z } from "zod";
import { validateForm } from "./form.ts";
import { email, required, text } from "./rules.ts";

const schema = z.object({ nome: text(required()), email: text(required(), email()) });

function formOf(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.set(name, value);
  return form;
}

test("a valid form gives the typed, trimmed values", () => {
  expect(validateForm(formOf({ nome: " Mario ", email: "mario@example.it" }), schema)).toEqual({
    ok: true,
    values: { nome: "Mario", email: "mario@example.it" },
  });
});

test("an invalid form gives one Italian message per field and what was sent", () => {
  expect(validateForm(formOf({ nome: "", email: "mario", _xsrf: "t" }), schema)).toEqual({
    ok: false,
    errors: { nome: "Campo obbligatorio", email: expect.stringMatching(/indirizzo e-mail valido/) },
    submitted: { nome: "", email: "mario", _xsrf: "t" },
  });
});

test("a check on the whole form reports on its field", () => {
  const matching = schema.superRefine((values, ctx) => {
    if (values.nome === "Mario") ctx.addIssue({ code: "custom", path: ["email"], message: "Non Mario" });
  });
  const result = validateForm(formOf({ nome: "Mario", email: "m@example.it" }), matching);
  expect(result).toMatchObject({ ok: false, errors: { email: "Non Mario" } });
});
