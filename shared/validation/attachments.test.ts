import { describe, expect, test } from "vitest";
import { buildZip, officeZip } from "#tests/support/zip.ts";
import {
  acceptAttribute,
  ATTACHMENT_MAX_BYTES,
  checkAttachment,
  checkChosenFile,
  detectFileType,
} from "./attachments.ts";

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const utf16 = (s: string) => Array.from(s).flatMap((c) => [c.charCodeAt(0), 0]);
const bytes = (...parts: number[][]) => Uint8Array.from(parts.flat());

export const samples = {
  pdf: bytes(ascii("%PDF-1.7\n%âãÏÓ\n1 0 obj\n")),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], ascii("JFIF")),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(40).fill(0), utf16("WordDocument")),
  xls: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(40).fill(0), utf16("Workbook")),
  docx: new Uint8Array(officeZip(Buffer.from("<w:document/>"))),
  xlsx: new Uint8Array(officeZip(Buffer.from("<workbook/>"), "xl/workbook.xml")),
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
  // The English locale's pages say it in English.
  const en = { locale: "en" } as const;
  expect(checkAttachment({ filename: "documento.pdf", bytes: samples.png }, en)).toEqual({
    ok: false,
    message: "The file documento.pdf is not of the type its extension declares (.pdf)",
  });
  expect(checkAttachment({ filename: "grande.pdf", bytes: big }, en)).toEqual({
    ok: false,
    message: "The file grande.pdf is larger than the maximum size of 2 MB",
  });
  expect(checkAttachment({ filename: "vuoto.pdf", bytes: new Uint8Array() }, en)).toEqual({
    ok: false,
    message: "The file vuoto.pdf is empty",
  });
});

test("a file chosen in the browser is refused before it is sent, in the server's words, by its name and size", () => {
  const photos = { allowed: ["png", "jpeg"], maxBytes: 1024 * 1024 } as const;
  expect(checkChosenFile({ name: "foto.JPG", size: 1024 * 1024 }, photos)).toBeNull();
  expect(checkChosenFile({ name: "foto.jpg", size: 1024 * 1024 + 1 }, photos)).toBe(
    "Il file foto.jpg supera la dimensione massima di 1 MB",
  );
  expect(checkChosenFile({ name: "scheda.pdf", size: 10 }, photos)).toBe(
    "Il file scheda.pdf non è di un tipo ammesso (.png .jpg .jpeg)",
  );
  expect(checkChosenFile({ name: "vuoto.png", size: 0 }, photos, "en")).toBe("The file vuoto.png is empty");
  expect(checkChosenFile({ name: "grande.pdf", size: ATTACHMENT_MAX_BYTES + 1 }, {})).toBe(
    "Il file grande.pdf supera la dimensione massima di 2 MB",
  );
  // What the server checks by the bytes (a lying extension) waits for the server.
  expect(checkChosenFile({ name: "documento.pdf", size: samples.png.length }, {})).toBeNull();
});

test("a file input accepts the types' extensions and MIME types (a phone then offers its camera for photos)", () => {
  expect(acceptAttribute(["pdf", "jpeg"])).toBe(".pdf,.jpg,.jpeg,application/pdf,image/jpeg");
});

describe("a zip bomb .docx or .xlsx is refused by its expanded size (central directory)", () => {
  const MiB = 1024 * 1024;

  test("a real document within 20 × the file limit passes", () => {
    const text = Buffer.from("<w:p>Richiesta di rimborso TARI 2026</w:p>".repeat(20_000));
    expect(checkAttachment({ filename: "lettera.docx", bytes: officeZip(text) })).toMatchObject({ ok: true });
  });

  test("a small file that expands to 64 MiB of zeros is refused in Italian", () => {
    const bomb = officeZip(Buffer.alloc(64 * MiB));
    expect(bomb.length).toBeLessThan(ATTACHMENT_MAX_BYTES);
    expect(checkAttachment({ filename: "bomba.docx", bytes: bomb })).toEqual({
      ok: false,
      message: "Il file bomba.docx decompresso supera la dimensione massima di 40 MB",
    });
  });

  test("the sum of the entries counts: many parts each below the bound", () => {
    const parts = Array.from({ length: 12 }, (_, i) => ({
      name: `xl/worksheets/sheet${i}.xml`,
      content: Buffer.alloc(4 * MiB),
    }));
    const zip = buildZip([{ name: "[Content_Types].xml", content: Buffer.from("<Types/>") }, ...parts]);
    expect(checkAttachment({ filename: "foglio.xlsx", bytes: zip })).toMatchObject({ ok: false });
  });

  test("the bound follows the form's own file limit, and never passes 100 MB", () => {
    const zip = officeZip(Buffer.alloc(3 * MiB));
    expect(checkAttachment({ filename: "a.docx", bytes: zip }, { maxBytes: 100 * 1024 })).toEqual({
      ok: false,
      message: "Il file a.docx decompresso supera la dimensione massima di 2 MB",
    });
    const claimed = buildZip([
      { name: "[Content_Types].xml", content: Buffer.from("<Types/>") },
      { name: "word/document.xml", content: Buffer.from("x"), claimedSize: 101 * MiB },
    ]);
    expect(checkAttachment({ filename: "b.docx", bytes: claimed }, { maxBytes: 50 * MiB })).toMatchObject({
      ok: false,
    });
  });

  test("a zip whose central directory cannot be read, or claims ZIP64 sizes, is not an office document", () => {
    const truncated = officeZip(Buffer.from("<w:document/>")).subarray(0, -22);
    expect(checkAttachment({ filename: "rotto.docx", bytes: truncated })).toEqual({
      ok: false,
      message: "Il file rotto.docx non è del tipo dichiarato dalla sua estensione (.docx)",
    });
    const zip64 = buildZip([
      { name: "[Content_Types].xml", content: Buffer.from("<Types/>") },
      { name: "word/document.xml", content: Buffer.from("x"), claimedSize: 0xffffffff },
    ]);
    expect(checkAttachment({ filename: "grande.docx", bytes: zip64 })).toMatchObject({ ok: false });
  });
});
