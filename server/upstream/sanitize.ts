import sanitizeHtml from "sanitize-html";
import { memoByKey } from "#shared/memo.ts";

/** The same configuration, message or FAQ text is sanitised on page after page: short texts are remembered. */
const sanitizeRemembered = memoByKey(sanitizeRichTextNow, 1000);
const MEMO_MAX_CHARS = 16_384;

/** HTML from configuration or the knowledge base is rendered as markup: only text-level tags survive. */
export function sanitizeRichText(html: string): string {
  return html.length > MEMO_MAX_CHARS ? sanitizeRichTextNow(html) : sanitizeRemembered(html);
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
