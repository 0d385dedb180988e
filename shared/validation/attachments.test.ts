import { expect, test } from "vitest";
import { checkAttachment, detectFileType } from "./attachments.ts";

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const utf16 = (s: string) => Array.from(s).flatMap((c) => [c.charCodeAt(0), 0]);
const bytes = (...parts: number[][]) => Uint8Array.from(parts.flat());

export const samples = {
  pdf: bytes(ascii("%PDF-1.7\n%âãÏÓ\n1 0 obj\n")),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], ascii("JFIF")),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(40).fill(0), utf16("WordDocument")),
  xls: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(40).fill(0), utf16("Workbook")),
  docx: bytes([0x50, 0x4b, 0x03, 0x04], ascii("....[Content_Types].xml....word/document.xml")),
  xlsx: bytes([0x50, 0x4b, 0x03, 0x04], ascii("....[Content_Types].xml....xl/workbook.xml")),
};

test("each accepted type is recognised by its content", () => {
  for (const [type, content] of Object.entries(samples)) expect(detectFileType(content)).toBe(type);
  expect(detectFileType(bytes(ascii("hello world")))).toBeNull();
  expect(detectFileType(bytes([0x50, 0x4b, 0x03, 0x04], ascii("just a zip")))).toBeNull();
  expect(detectFileType(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBeNull();
  expect(detectFileType(new Uint8Array())).toBeNull();
});

test("a file passes when its extension matches its content", () => {
  expect(checkAttachment({ filename: "Modulo.PDF", bytes: samples.pdf })).toEqual({
    ok: true,
    type: "pdf",
    mimeType: "application/pdf",
  });
  expect(checkAttachment({ filename: "foto.jpeg", bytes: samples.jpeg })).toMatchObject({ ok: true });
  expect(checkAttachment({ filename: "foglio.xlsx", bytes: samples.xlsx })).toMatchObject({ ok: true });
  expect(checkAttachment({ filename: "lettera.doc", bytes: samples.doc })).toMatchObject({ ok: true });
});

test("a lying extension, a forbidden type, an empty or oversize file are refused in Italian", () => {
  expect(checkAttachment({ filename: "documento.pdf", bytes: samples.png })).toEqual({
    ok: false,
    message: "Il file documento.pdf non è del tipo dichiarato dalla sua estensione (.pdf)",
  });
  expect(checkAttachment({ filename: "tabella.xls", bytes: samples.doc })).toMatchObject({ ok: false });
  expect(checkAttachment({ filename: "script.exe", bytes: samples.pdf })).toMatchObject({
    ok: false,
    message: expect.stringContaining("non è di un tipo ammesso"),
  });
  expect(checkAttachment({ filename: "foto.png", bytes: samples.png }, { allowed: ["pdf"] })).toMatchObject({
    ok: false,
  });
  expect(checkAttachment({ filename: "vuoto.pdf", bytes: new Uint8Array() })).toMatchObject({ ok: false });
  const big = new Uint8Array(2 * 1024 * 1024 + 1);
  big.set(samples.pdf);
  expect(checkAttachment({ filename: "grande.pdf", bytes: big })).toEqual({
    ok: false,
    message: "Il file grande.pdf supera la dimensione massima di 2 MB",
  });
  expect(checkAttachment({ filename: "giusto.pdf", bytes: big.subarray(0, 2 * 1024 * 1024) })).toMatchObject({
    ok: true,
  });
});
