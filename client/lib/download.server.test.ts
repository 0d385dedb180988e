import { expect, test } from "vitest";
import { shownFileName } from "#shared/file-name.ts";
import { attachmentDisposition, safeFileName } from "./download.server.ts";

test("a plain name: the same name twice, ASCII and RFC 5987", () => {
  expect(attachmentDisposition("avviso.png")).toBe(
    `attachment; filename="avviso.png"; filename*=UTF-8''avviso.png`,
  );
});

test("names in other scripts: an ASCII fallback and the exact name percent-encoded as UTF-8", () => {
  expect(attachmentDisposition("Счёт.pdf")).toBe(
    `attachment; filename="____.pdf"; filename*=UTF-8''%D0%A1%D1%87%D1%91%D1%82.pdf`,
  );
  expect(attachmentDisposition("请求 2026.pdf")).toBe(
    `attachment; filename="__ 2026.pdf"; filename*=UTF-8''%E8%AF%B7%E6%B1%82%202026.pdf`,
  );
  expect(attachmentDisposition("perché (copia).pdf")).toBe(
    `attachment; filename="perche (copia).pdf"; filename*=UTF-8''perch%C3%A9%20%28copia%29.pdf`,
  );
  // The header is a valid Latin-1 (ByteString) value whatever the name: a Response accepts it.
  expect(
    () => new Response("", { headers: { "Content-Disposition": attachmentDisposition("✓ ok 😀.pdf") } }),
  ).not.toThrow();
});

test("bidi controls never reach the downloaded name, in either form", () => {
  const header = attachmentDisposition("fattura\u202egnp.exe\u202c.pdf\u2066\u2069\u200e\u200f\u061c");
  expect(header).toBe(`attachment; filename="fatturagnp.exe.pdf"; filename*=UTF-8''fatturagnp.exe.pdf`);
  expect(header).not.toMatch(/%E2%80%A[A-E]|%E2%81%A[6-9]|%E2%80%8[EF]|%D8%9C/);
});

test("the name shown on pages loses its bidi controls and nothing else", () => {
  expect(shownFileName("Счёт \u202e2026\u2067.png")).toBe("Счёт 2026.png");
  expect(shownFileName("a\u200eb\u200fc\u061cd\u202ae\u202bf\u202cg\u202dh\u2066i\u2068j\u2069")).toBe(
    "abcdefghij",
  );
  expect(shownFileName("perché.pdf")).toBe("perché.pdf");
});

test("quotes, paths and control characters go; the extension is added when missing; the fallback names it", () => {
  expect(attachmentDisposition('perché "x".pdf')).toBe(
    `attachment; filename="perche x.pdf"; filename*=UTF-8''perch%C3%A9%20x.pdf`,
  );
  expect(safeFileName("../../etc/passwd\r\n", "x", "pdf").ascii).toBe("passwd.pdf");
  expect(attachmentDisposition("\u202e", { fallbackBase: "allegato-7", extension: "png" })).toBe(
    `attachment; filename="allegato-7.png"; filename*=UTF-8''allegato-7.png`,
  );
});
