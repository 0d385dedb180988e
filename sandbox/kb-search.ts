import type { KbAnswerSeed, KbCategorySeed, KnowledgeBaseSeed } from "./seed/content-types.ts";

function foldChar(c: string): string {
  const folded = c
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  return folded.length === 1 ? folded : c.toLowerCase().slice(0, 1) || c;
}

/** Lower-cased, accents removed, one character per input character (so indexes match the original). */
function fold(text: string): string {
  return Array.from(text, foldChar).join("");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function stripTags(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/gi, " ").replace(/<[^>]*>/g, " ");
}

/** Wraps every occurrence of the words in `<em>`, escaping the rest (Zammad-style highlight). */
export function highlight(title: string, words: string[]): string {
  const chars = Array.from(title);
  const folded = chars.map(foldChar).join("");
  const marked = new Array<boolean>(chars.length).fill(false);
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + word.length)) {
      marked.fill(true, at, at + word.length);
    }
  }
  let html = "";
  chars.forEach((c, i) => {
    if (marked[i] && !marked[i - 1]) html += "<em>";
    html += escapeHtml(c);
    if (marked[i] && !marked[i + 1]) html += "</em>";
  });
  return html;
}

/** Root-first path of a category: itself and its ancestors. */
export function categoryPath(kb: KnowledgeBaseSeed, category: KbCategorySeed): KbCategorySeed[] {
  const parent = kb.categories.find((c) => c.id === category.parentId);
  return parent ? [...categoryPath(kb, parent), category] : [category];
}

export function searchAnswers(kb: KnowledgeBaseSeed, query: string): object[] {
  const words = fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2);
  if (words.length === 0) return [];
  const matches = (a: KbAnswerSeed) => {
    const text = fold(`${a.title} ${stripTags(a.body)}`);
    return words.every((w) => text.includes(w));
  };
  return kb.answers.filter(matches).map((answer) => {
    const category = kb.categories.find((c) => c.id === answer.categoryId);
    const subtitle = category
      ? categoryPath(kb, category)
          .map((c) => c.name)
          .join(" > ")
      : "";
    return { id: answer.id, title: highlight(answer.title, words), subtitle, category_id: answer.categoryId };
  });
}
