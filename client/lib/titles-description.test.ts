import { expect, test } from "vitest";
import { DESCRIPTION_MAX, descriptionText, htmlText } from "./titles.ts";

test("a description is one line of at most 160 characters, cut at a word", () => {
  expect(descriptionText("  Richiedi online\n  i certificati.  ")).toBe("Richiedi online i certificati.");
  const long = descriptionText("parola ".repeat(40));
  expect(long.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
  expect(long).toMatch(/^parola( parola)+…$/);
});

test("an upstream answer's HTML becomes its text", () => {
  expect(
    htmlText(
      '<p>La CIE si richiede all&#x27;<a href="/x">Ufficio Anagrafe</a>.</p><ul><li>Porta una foto</li></ul>',
    ),
  ).toBe(" La CIE si richiede all'Ufficio Anagrafe.   Porta una foto  ");
  expect(htmlText("Tasse &amp; tributi &egrave;")).toBe("Tasse & tributi &egrave;");
});
