import sanitizeHtml from "sanitize-html";

/**
 * Answers already given, by input: the same configuration, message or FAQ text is sanitised on page after page. The
 * result depends on the input alone, so sharing it between requests shares nothing else. Bounded: short texts only,
 * and the whole memo is dropped when full.
 */
const sanitized = new Map<string, string>();
const MEMO_ENTRIES = 1000;
const MEMO_MAX_CHARS = 16_384;

/** HTML from configuration or the knowledge base is rendered as markup: only text-level tags survive. */
export function sanitizeRichText(html: string): string {
  if (html.length > MEMO_MAX_CHARS) return sanitizeRichTextNow(html);
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitizeRichTextNow(html);
    if (sanitized.size >= MEMO_ENTRIES) sanitized.clear();
    sanitized.set(html, clean);
  }
  return clean;
}

function sanitizeRichTextNow(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "a",
      "ul",
      "ol",
      "li",
      "h3",
      "h4",
      "span",
      "abbr",
    ],
    allowedAttributes: { a: ["href", "title", "lang", "rel"], abbr: ["title"], span: ["lang"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: /^https?:/i.test(attribs.href ?? "") ? { ...attribs, rel: "noopener noreferrer" } : attribs,
      }),
    },
    allowedSchemesAppliedToAttributes: ["href"],
  });
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/**
 * Plain text from HTML (e.g. search highlights) for places where no markup belongs. The result is text, not HTML:
 * React escapes it when rendering, so entities are decoded here.
 */
export function stripHtml(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(
    /&(amp|lt|gt|quot|#39);/g,
    (e) => ENTITIES[e]!,
  );
}
