import { expect, test } from "vitest";
import { validatePrivacy, validateRequester } from "./validate-steps.server.ts";

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

test("the booking steps answer in the request's language: the rules' messages and the flow's own", () => {
  const english = validateRequester(formOf({ nome: "", cognome: "Rossi", email: "mario" }), null, "en");
  expect(!english.ok && english.errors).toMatchObject({
    nome: "Required field",
    email: "Enter a valid e-mail address, for example name@example.com",
  });
  expect(validatePrivacy(formOf({}), "en")).toBe(
    "To send the booking confirm that you have read the privacy notice",
  );
  const italian = validateRequester(formOf({ nome: "", cognome: "Rossi", email: "mario" }), null, "it");
  expect(!italian.ok && italian.errors).toMatchObject({ nome: "Campo obbligatorio" });
  expect(validatePrivacy(formOf({}), "it")).toBe(
    "Per inviare la prenotazione conferma di aver letto l'informativa sulla privacy",
  );
});
