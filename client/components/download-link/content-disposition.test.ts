import { expect, test } from "vitest";
import { attachmentDisposition } from "#client/lib/download.server.ts";
import { fileNameOf } from "./content-disposition.ts";

test("reads back the exact name the server wrote, accents and spaces included", () => {
  for (const name of ["Ricevuta iscrizione mensa.pdf", "Certificato è già valido (1).pdf", "avviso.ics"])
    expect(fileNameOf(attachmentDisposition(name))).toBe(name);
});

test("without an extended name, the quoted or bare one; without any, null", () => {
  expect(fileNameOf('attachment; filename="avviso \\"TARI\\".pdf"')).toBe('avviso "TARI".pdf');
  expect(fileNameOf("attachment; filename=ricevuta.pdf")).toBe("ricevuta.pdf");
  expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A; filename=\"x.pdf\"")).toBe("x.pdf");
  expect(fileNameOf("attachment")).toBeNull();
  expect(fileNameOf(null)).toBeNull();
});
