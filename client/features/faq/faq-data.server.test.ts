import { describe, expect, test } from "vitest";
import { routeError } from "#shared/route-error.ts";
import type { KbCategoryDetail, KnowledgeBaseApi } from "#shared/api/knowledge-base.ts";
import { findCategoryOfAnswer, loadFaqAnswer, loadFaqIndex, MAX_CATEGORY_VISITS } from "./faq-data.server.ts";
import { faqErrorKind } from "./faq-errors.ts";

/** Upstream failures reach loaders as route errors with the status (server/upstream/failures.ts). */
const failure = (status: number) => routeError(status, { title: "x", service: "knowledge-base" });

type Tree = Record<
  number,
  { name: string; parent: number | null; answers: Array<{ id: number; title: string; body: string }> }
>;

function fakeKb(tree: Tree, options: { down?: boolean; calls?: number[] } = {}): KnowledgeBaseApi {
  const detail = (id: number): KbCategoryDetail => {
    const node = tree[id];
    if (!node) throw failure(404);
    const path: Array<{ id: number; name: string }> = [];
    for (let at: number | null = id; at !== null; at = tree[at]!.parent)
      path.unshift({ id: at, name: tree[at]!.name });
    return {
      category: { id, name: node.name },
      breadcrumb: path,
      children: Object.entries(tree)
        .filter(([, c]) => c.parent === id)
        .map(([cid, c]) => ({ id: Number(cid), name: c.name })),
      answers: node.answers.map(({ id: aid, title }) => ({ id: aid, title })),
    };
  };
  const guard = () => {
    if (options.down) throw failure(502);
  };
  return {
    async categories() {
      guard();
      return Object.entries(tree)
        .filter(([, c]) => c.parent === null)
        .map(([id, c]) => ({ id: Number(id), name: c.name }));
    },
    async category(id) {
      guard();
      options.calls?.push(id);
      return detail(id);
    },
    async answer(categoryId, answerId) {
      guard();
      const found = tree[categoryId]?.answers.find((a) => a.id === answerId);
      if (!found) throw failure(404);
      return found;
    },
    async search(query) {
      guard();
      if (query === "rifiutata") throw failure(400);
      return {
        details: [{ id: 121, title: "Come pagare la <TARI>?", subtitle: "Tributi", category_id: 12 }],
      };
    },
  };
}

const tree: Tree = {
  11: { name: "Anagrafe", parent: null, answers: [{ id: 113, title: "Certificato", body: "<p>c</p>" }] },
  12: {
    name: "Tributi",
    parent: null,
    answers: [
      { id: 121, title: "Come pagare la TARI?", body: "<p>TARI</p>" },
      { id: 122, title: "Avviso errato", body: "<p>e</p>" },
    ],
  },
  14: { name: "Carta d'identità", parent: 11, answers: [{ id: 111, title: "CIE", body: "<p>CIE</p>" }] },
};

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

/** What a thrown `data()` becomes for the error boundary. */
function kindOf(error: unknown) {
  const e = error as { type?: string; data: unknown; init?: { status?: number } };
  return {
    status: e.init?.status,
    kind: faqErrorKind({ status: e.init?.status, statusText: "", internal: false, data: e.data }),
  };
}

describe("the FAQ index", () => {
  test("lists the root categories", async () => {
    const result = await loadFaqIndex(fakeKb(tree), new URL("http://x/faq"));
    expect(result).toEqual({
      view: "home",
      query: "",
      categories: [
        { id: 11, name: "Anagrafe" },
        { id: 12, name: "Tributi" },
      ],
    });
  });

  test("shows a category with its ancestors, sub-categories and answers", async () => {
    const result = await loadFaqIndex(fakeKb(tree), new URL("http://x/faq?categoria=14"));
    expect(result).toMatchObject({
      view: "category",
      category: { id: 14, name: "Carta d'identità" },
      ancestors: [{ id: 11, name: "Anagrafe" }],
      children: [],
      answers: [{ id: 111, title: "CIE" }],
    });
  });

  test("an unknown or malformed category is a 404", async () => {
    for (const q of ["categoria=99", "categoria=abc", "categoria="]) {
      const error = await rejection(loadFaqIndex(fakeKb(tree), new URL(`http://x/faq?${q}`)));
      expect(kindOf(error), q).toEqual({ status: 404, kind: "category-not-found" });
    }
  });

  test("searches with the trimmed, bounded text and shows the plain titles as they come", async () => {
    const result = await loadFaqIndex(fakeKb(tree), new URL(`http://x/faq?q=${"  tari  "}`));
    expect(result).toEqual({
      view: "search",
      query: "tari",
      results: [{ id: 121, title: "Come pagare la <TARI>?", subtitle: "Tributi", categoryId: 12 }],
    });
    const refused = await loadFaqIndex(fakeKb(tree), new URL("http://x/faq?q=rifiutata"));
    expect(refused).toEqual({ view: "search", query: "rifiutata", results: [] });
    const long = await loadFaqIndex(fakeKb(tree), new URL(`http://x/faq?q=${"a".repeat(500)}`));
    expect(long.query).toHaveLength(200);
  });

  test("a knowledge base that does not answer is a 503", async () => {
    for (const url of ["http://x/faq", "http://x/faq?q=tari", "http://x/faq?categoria=12"]) {
      const error = await rejection(loadFaqIndex(fakeKb(tree, { down: true }), new URL(url)));
      expect(kindOf(error), url).toEqual({ status: 503, kind: "unavailable" });
    }
  });
});

describe("a FAQ answer", () => {
  test("is read from the category the link carries", async () => {
    const calls: number[] = [];
    const result = await loadFaqAnswer(fakeKb(tree, { calls }), "121", "12");
    expect(result).toEqual({
      answer: { id: 121, title: "Come pagare la TARI?", body: "<p>TARI</p>" },
      category: { id: 12, name: "Tributi" },
      ancestors: [],
      related: [{ id: 122, title: "Avviso errato" }],
    });
    expect(calls).toEqual([12]);
  });

  test("without (or with a wrong) category, is found by walking the categories", async () => {
    for (const hint of [null, "11", "99", "x"]) {
      const result = await loadFaqAnswer(fakeKb(tree), "111", hint);
      expect(result.category, String(hint)).toEqual({ id: 14, name: "Carta d'identità" });
      expect(result.ancestors).toEqual([{ id: 11, name: "Anagrafe" }]);
    }
  });

  test("an unknown or malformed id is a 404", async () => {
    for (const id of ["999", "abc", "0", undefined]) {
      const error = await rejection(loadFaqAnswer(fakeKb(tree), id, "12"));
      expect(kindOf(error), String(id)).toEqual({ status: 404, kind: "answer-not-found" });
    }
  });

  test("a knowledge base that does not answer is a 503", async () => {
    const error = await rejection(loadFaqAnswer(fakeKb(tree, { down: true }), "121", "12"));
    expect(kindOf(error)).toEqual({ status: 503, kind: "unavailable" });
  });

  test("the walk reads a bounded number of categories", async () => {
    const wide: Tree = {};
    for (let i = 1; i <= 100; i++) wide[i] = { name: `C${i}`, parent: null, answers: [] };
    wide[100]!.answers.push({ id: 5000, title: "lontana", body: "" });
    const calls: number[] = [];
    expect(await findCategoryOfAnswer(fakeKb(wide, { calls }), 5000)).toBeNull();
    expect(calls).toHaveLength(MAX_CATEGORY_VISITS);
  });
});
