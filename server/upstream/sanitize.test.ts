import { describe, expect, test } from "vitest";
import { sanitizeRichText, stripHtml } from "./sanitize.ts";

describe("HTML from configuration and the knowledge base", () => {
  test("keeps text-level markup and drops scripts, handlers and javascript: links", () => {
    const html = sanitizeRichText(
      '<p onclick="x()">Orari <strong>9-12</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://comune.it">sito</a></p>',
    );
    expect(html).toContain("<strong>9-12</strong>");
    expect(html).not.toMatch(/script|onclick|javascript:/i);
    expect(html).toContain('<a href="https://comune.it" rel="noopener noreferrer">sito</a>');
  });

  test("the same text asked again gives the same clean answer, long texts included", () => {
    const dirty = '<p>Uffici <img src=x onerror="alert(1)">aperti</p>';
    expect(sanitizeRichText(dirty)).toBe("<p>Uffici aperti</p>");
    expect(sanitizeRichText(dirty)).toBe("<p>Uffici aperti</p>");
    const long = `<p>${"a".repeat(20_000)}<script>x()</script></p>`;
    expect(sanitizeRichText(long)).toBe(`<p>${"a".repeat(20_000)}</p>`);
  });

  test("plain text keeps what the words say", () => {
    expect(stripHtml("Tributi &amp; <em>tasse</em> <b>2026</b>")).toBe("Tributi & tasse 2026");
    expect(stripHtml('<img src=x onerror="alert(1)">Carta')).toBe("Carta");
  });
});
