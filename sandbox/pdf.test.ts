import { expect, test } from "vitest";
import { pdfDate, writePdf } from "./pdf.ts";
import { pdfQrMatrix, pdfTextLines, qrMatrix } from "./pdf-reading.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

test("a valid one-page PDF 1.4 whose cross-reference offsets point at the objects", () => {
  const bytes = writePdf("Avviso TARI 2025", [
    `Intestatario: Giulia Bianchi (${CITIZENS.GIULIA})`,
    "Città: àèìòù",
  ]);
  const text = bytes.toString("latin1");
  expect(text.startsWith("%PDF-1.4\n")).toBe(true);
  expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe("xref\n");
  const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  expect(entries).toHaveLength(5);
  entries.forEach((offset, index) => {
    expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
  });
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
  const streamStart = text.indexOf("stream\n") + "stream\n".length;
  expect(text.slice(streamStart + length, streamStart + length + "\nendstream".length)).toBe("\nendstream");
  expect(text).toContain("(Avviso TARI 2025) Tj");
  expect(text).toContain("Citt\\340");
});

test("parentheses and backslashes are escaped", () => {
  const text = writePdf("a (b) \\ c", []).toString("latin1");
  expect(text).toContain("(a \\(b\\) \\\\ c) Tj");
});

test("a QR code is drawn as filled squares (no image, no text) that read back as the content's QR matrix", () => {
  const content = "PAGOPA|002|301000000000000123|80012340011|123450";
  const text = writePdf("Avviso", ["Codice QR pagoPA:"], { qr: content }).toString("latin1");
  expect(text).not.toContain("PAGOPA|002");
  expect(text).toMatch(/\n\d+ \d+ \d+ 3 re\n/);
  expect(pdfQrMatrix(text)).toEqual(qrMatrix(content));
  expect(pdfTextLines(text)).toEqual(["Avviso", "Codice QR pagoPA:"]);
});

test("dates are written in Italian: a day, or a moment in Rome's time", () => {
  expect(pdfDate("2026-11-26")).toBe("26 novembre 2026");
  expect(pdfDate("2025-06-12T09:41:00.000Z")).toBe("12 giugno 2025, 11:41");
  expect(pdfDate(null)).toBe("-");
});
