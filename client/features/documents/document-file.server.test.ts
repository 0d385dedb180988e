import { expect, test } from "vitest";
import { safeFileName } from "#client/lib/download.server.ts";
import { documentFileResponse } from "./document-file.server.ts";

test("file names: no path or quotes, the extension kept, an ASCII fallback and the UTF-8 form", () => {
  expect(safeFileName("certificato-residenza.pdf", "x", "pdf")).toEqual({
    ascii: "certificato-residenza.pdf",
    utf8: "certificato-residenza.pdf",
  });
  const unsafe = safeFileName('../../etc/"pass"wd\r\n', "x", "pdf");
  expect(unsafe.ascii).toBe("passwd.pdf");
  const accented = safeFileName(null, "Carta d'identità", "pdf");
  expect(accented.ascii).toBe("Carta d'identita.pdf");
  expect(accented.utf8).toBe("Carta%20d%27identit%C3%A0.pdf");
  expect(safeFileName("", "", null).ascii).toBe("documento");
  expect(safeFileName("a".repeat(300) + ".pdf", "", "pdf").ascii).toHaveLength(120);
});

test("the answer carries the bytes with their type, length and a download disposition", async () => {
  const bytes = Buffer.from("%PDF-1.4\n%%EOF\n");
  const res = documentFileResponse(
    { filename: "avviso.pdf", content: bytes.toString("base64"), tipologia: { mimetype: "application/pdf" } },
    "u-1",
  );
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(res.headers.get("content-length")).toBe(String(bytes.length));
  expect(res.headers.get("content-disposition")).toBe(
    "attachment; filename=\"avviso.pdf\"; filename*=UTF-8''avviso.pdf",
  );
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
});

test("an unusable media type becomes application/octet-stream", () => {
  const res = documentFileResponse(
    { filename: "x", content: "AA==", tipologia: { mimetype: "text/html\r\nX-Evil: 1" } },
    "u",
  );
  expect(res.headers.get("content-type")).toBe("application/octet-stream");
});
