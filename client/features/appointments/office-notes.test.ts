import { expect, test } from "vitest";
import { withoutLeadingLabel } from "./office-notes.ts";

test("the notes lose the label the section is already titled with, in either language", () => {
  const notes = "Cosa serve: documento d'identità e codice fiscale.";
  expect(withoutLeadingLabel(notes, ["Cosa serve"])).toBe("Documento d'identità e codice fiscale.");
  expect(withoutLeadingLabel(notes, ["What to bring", "Cosa serve"])).toBe(
    "Documento d'identità e codice fiscale.",
  );
  expect(withoutLeadingLabel("COSA SERVE - la tessera sanitaria", ["Cosa serve"])).toBe(
    "La tessera sanitaria",
  );
});

test("notes without the label, or where it is only the start of a word, are shown as sent", () => {
  expect(withoutLeadingLabel("Portare il documento d'identità.", ["Cosa serve"])).toBe(
    "Portare il documento d'identità.",
  );
  expect(withoutLeadingLabel("Cosa servea nulla", ["Cosa serve"])).toBe("Cosa servea nulla");
  expect(withoutLeadingLabel("Cosa serve:", ["Cosa serve"])).toBe("Cosa serve:");
});
