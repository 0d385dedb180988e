import type { KbCategoryDetail, KbSearchResult, KnowledgeBaseApi } from "#shared/api/knowledge-base.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { faqError, type FaqErrorKind } from "./faq-errors.ts";
import { FAQ_QUERY_MAX, parseId } from "#client/lib/faq-links.ts";

/** At most this many categories are read while looking for an answer whose category the link did not carry. */
export const MAX_CATEGORY_VISITS = 40;

type Named = { id: number; name: string };

export type FaqIndexData =
  | { view: "home"; query: ""; categories: Named[] }
  | {
      view: "search";
      query: string;
      results: Array<{ id: number; title: string; subtitle: string | null; categoryId: number | null }>;
    }
  | {
      view: "category";
      query: "";
      category: Named;
      /** Ancestors of the category, root first (the category itself excluded). */
      ancestors: Named[];
      children: Named[];
      answers: Array<{ id: number; title: string }>;
    };

export type FaqAnswerData = {
  answer: { id: number; title: string; body: string };
  category: Named;
  ancestors: Named[];
  /** Other answers of the same category (at most five). */
  related: Array<{ id: number; title: string }>;
};

const named = ({ id, name }: Named): Named => ({ id, name });

/**
 * Upstream failures as FAQ errors: a 404 is the page's "not found", a 5xx (or no answer at all: the upstream layer
 * reports 502/504) means the knowledge base is unavailable. Anything else is rethrown untouched.
 */
function toFaqError(error: unknown, notFound: FaqErrorKind): unknown {
  if (isUpstreamFailure(error, 404)) return faqError(notFound);
  if (isUpstreamFailure(error) && error.data.status >= 500) return faqError("unavailable");
  return error;
}

async function kbCall<T>(call: () => Promise<T>, notFound: FaqErrorKind): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toFaqError(error, notFound);
  }
}

function ancestorsOf(detail: KbCategoryDetail): Named[] {
  return detail.breadcrumb.filter((c) => c.id !== detail.category.id).map(named);
}

/** `/faq`: the categories; with `?q=` the search results; with `?categoria=` one category. */
export async function loadFaqIndex(kb: KnowledgeBaseApi, url: URL): Promise<FaqIndexData> {
  const categoria = url.searchParams.get("categoria");
  if (categoria !== null) {
    const id = parseId(categoria);
    if (id === null) throw faqError("category-not-found");
    const detail = await kbCall(() => kb.category(id), "category-not-found");
    return {
      view: "category",
      query: "",
      category: named(detail.category),
      ancestors: ancestorsOf(detail),
      children: detail.children.map(named),
      answers: detail.answers.map(({ id: answerId, title }) => ({ id: answerId, title })),
    };
  }
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, FAQ_QUERY_MAX);
  if (query) {
    let details: KbSearchResult["details"];
    try {
      details = (await kb.search(query)).details;
    } catch (error) {
      // A query the knowledge base refuses (400) simply finds nothing.
      if (isUpstreamFailure(error, 400)) details = [];
      else throw toFaqError(error, "category-not-found");
    }
    return {
      view: "search",
      query,
      results: details.map((d) => ({
        id: d.id,
        title: d.title,
        subtitle: d.subtitle ?? null,
        categoryId: d.category_id ?? null,
      })),
    };
  }
  const categories = await kbCall(() => kb.categories(), "category-not-found");
  return { view: "home", query: "", categories: categories.map(named) };
}

/** A category detail, or null when the knowledge base does not know it (any other failure is thrown). */
async function categoryOrNull(kb: KnowledgeBaseApi, id: number): Promise<KbCategoryDetail | null> {
  try {
    return await kb.category(id);
  } catch (error) {
    if (isUpstreamFailure(error, 404)) return null;
    throw toFaqError(error, "answer-not-found");
  }
}

/**
 * The category holding an answer, found by walking the category tree breadth first, one level at a time (the
 * categories of a level are read in parallel), reading at most `MAX_CATEGORY_VISITS` categories.
 */
export async function findCategoryOfAnswer(
  kb: KnowledgeBaseApi,
  answerId: number,
): Promise<KbCategoryDetail | null> {
  const seen = new Set<number>();
  let level = (await kbCall(() => kb.categories(), "answer-not-found")).map((c) => c.id);
  while (level.length > 0 && seen.size < MAX_CATEGORY_VISITS) {
    const batch = [...new Set(level)].filter((id) => !seen.has(id)).slice(0, MAX_CATEGORY_VISITS - seen.size);
    for (const id of batch) seen.add(id);
    const details = await Promise.all(batch.map((id) => categoryOrNull(kb, id)));
    const holder = details.find((d) => d?.answers.some((a) => a.id === answerId));
    if (holder) return holder;
    level = details.flatMap((d) => d?.children.map((c) => c.id) ?? []);
  }
  return null;
}

/** `/faq/:id/dettagli/:metaTitle?` with an optional `?categoria=` hint. */
export async function loadFaqAnswer(
  kb: KnowledgeBaseApi,
  idParam: string | undefined,
  categoryParam: string | null,
): Promise<FaqAnswerData> {
  const id = parseId(idParam);
  if (id === null) throw faqError("answer-not-found");
  const hinted = parseId(categoryParam);
  let holder = hinted === null ? null : await categoryOrNull(kb, hinted);
  if (!holder?.answers.some((a) => a.id === id)) holder = await findCategoryOfAnswer(kb, id);
  if (!holder) throw faqError("answer-not-found");
  const category = holder;
  const answer = await kbCall(() => kb.answer(category.category.id, id), "answer-not-found");
  const listed = category.answers.find((a) => a.id === id);
  return {
    answer: { id, title: answer.title ?? listed?.title ?? "", body: answer.body },
    category: named(category.category),
    ancestors: ancestorsOf(category),
    related: category.answers
      .filter((a) => a.id !== id)
      .slice(0, 5)
      .map(({ id: otherId, title }) => ({ id: otherId, title })),
  };
}
