import { href, withQuery } from "#client/lib/links.ts";

/** Longest search text sent to the knowledge base (the upstream cuts there too). */
export const FAQ_QUERY_MAX = 200;
/** Longest title parameter shown in the page title. */
const META_TITLE_MAX = 150;

/** A positive integer id from a URL parameter, or null (`"12"` yes; `"12a"`, `"-1"`, `"1e3"`, `""` no). */
export function parseId(value: string | null | undefined): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The `:metaTitle` segment of an answer link: the title with spaces turned into dashes, without the characters that
 * have a meaning in a URL path or in a page title (`?`, `#`, `/`, `\`, `%`).
 */
export function metaTitleSlug(title: string): string {
  return title
    .replace(/[?#/\\%]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}

/** The other way: the title parameter as the page title shows it (dashes turned into spaces), or null when empty. */
export function metaTitleText(param: string | undefined): string | null {
  if (!param) return null;
  const text = param.replace(/-+/g, " ").replace(/\s+/g, " ").trim();
  if (!text) return null;
  return text.length > META_TITLE_MAX ? `${text.slice(0, META_TITLE_MAX - 1).trimEnd()}…` : text;
}

/** `/faq/{id}/dettagli/{Title-With-Dashes}?categoria={categoryId}`; the category saves the lookup of the answer. */
export function faqAnswerHref(answer: { id: number; title?: string }, categoryId?: number | null): string {
  const slug = answer.title ? metaTitleSlug(answer.title) : "";
  const path = href("/faq/:id/dettagli/:metaTitle?", { id: String(answer.id), metaTitle: slug || undefined });
  return withQuery(path, { categoria: categoryId });
}

export function faqCategoryHref(categoryId: number): string {
  return withQuery(href("/faq"), { categoria: categoryId });
}
