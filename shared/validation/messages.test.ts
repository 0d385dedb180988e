import { expect, test } from "vitest";
import { z } from "zod";
import { validateForm } from "./form.ts";
import { formatValidationMessage } from "./messages.ts";
import { validationIt } from "./texts.ts";
import { validationEn } from "./texts.en.ts";
import { maxLength, oneOf, required, text } from "./rules.ts";

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

test("English has exactly the Italian validation messages, with the same placeholders", () => {
  expect(Object.keys(validationEn).sort()).toEqual(Object.keys(validationIt).sort());
  for (const [key, italian] of Object.entries(validationIt)) {
    expect(validationEn[key as keyof typeof validationIt].includes("{value}"), key).toBe(
      italian.includes("{value}"),
    );
  }
});

test("a form checked in English gets the rules' messages in English, a caller's own message as given", () => {
  const schema = z.object({
    nome: text(required()),
    note: text(maxLength(3)),
    scelta: oneOf(["a", "b"]),
    motivo: text(required("Choose a reason")),
  });
  const result = validateForm(formOf({ nome: "", note: "abcd", scelta: "c", motivo: "" }), schema, "en");
  expect(result.ok).toBe(false);
  expect(!result.ok && result.errors).toEqual({
    nome: "Required field",
    note: "Enter at most 3 characters",
    scelta: "Required field",
    motivo: "Choose a reason",
  });
  const italian = validateForm(formOf({ nome: "", note: "abcd", scelta: "c", motivo: "x" }), schema);
  expect(!italian.ok && italian.errors).toEqual({
    nome: formatValidationMessage("required"),
    note: "Inserisci al massimo 3 caratteri",
    scelta: "Campo obbligatorio",
  });
});
