import { expect, test } from "vitest";
import {
  KbAnswerSchema,
  KbCategoriesSchema,
  KbCategoryDetailSchema,
  KbSearchResultSchema,
} from "#shared/api/knowledge-base.ts";
import { createTestSandbox, hosts } from "#tests/support/test-sandbox.ts";

const { http } = createTestSandbox();
const base = "/api-public/crm/knowledge_bases";
const get = (path: string, host: string = hosts.a) =>
  http.get(`${base}${path}`).set("X-Forwarded-Host", host);
const search = (query: unknown, host: string = hosts.a) =>
  http
    .post(`${base}/search`)
    .set("X-Forwarded-Host", host)
    .send({ knowledge_base_id: 1, locale: "it-it", flavor: "agent", query });

test("categories, a category with its children and answers, and an answer parse with the portal's schemas", async () => {
  const categories = KbCategoriesSchema.parse((await get("/1/categories")).body);
  expect(categories.map((c) => c.name)).toEqual(["Anagrafe e stato civile", "Tributi", "Ambiente e rifiuti"]);
  const anagrafe = KbCategoryDetailSchema.parse((await get("/1/categories/11")).body);
  expect(anagrafe.children).toEqual([{ id: 14, name: "Carta d'identità" }]);
  const cie = KbCategoryDetailSchema.parse((await get("/1/categories/14")).body);
  expect(cie.breadcrumb.map((c) => c.name)).toEqual(["Anagrafe e stato civile", "Carta d'identità"]);
  expect(cie.answers[0]?.title).toBe("Come richiedere la carta d'identità elettronica?");
  const answer = KbAnswerSchema.parse((await get("/1/categories/14/answers/111")).body);
  expect(answer.body).toContain("<ul>");
});

test("each municipality has its own knowledge base", async () => {
  const b = KbCategoriesSchema.parse((await get("/1/categories", hosts.b)).body);
  expect(b.map((c) => c.name)).toContain("Servizi demografici");
  expect((await get("/1/categories/11", hosts.b)).status).toBe(404);
});

test("unknown knowledge bases, categories and answers are 404", async () => {
  for (const path of [
    "/2/categories",
    "/1/categories/999",
    "/1/categories/11/answers/121",
    "/1/categories/12/answers/999",
  ]) {
    const res = await get(path);
    expect(res.status, path).toBe(404);
    expect(res.body.status).toBe(404);
  }
});

test("search finds answers accent-insensitively and highlights the words", async () => {
  const result = KbSearchResultSchema.parse((await search("identita")).body);
  expect(result.details.map((d) => d.id)).toEqual([111, 112]);
  expect(result.details[0]).toMatchObject({
    title: "Come richiedere la carta d&#39;<em>identità</em> elettronica?",
    subtitle: "Anagrafe e stato civile > Carta d'identità",
    category_id: 14,
  });
  expect(KbSearchResultSchema.parse((await search("TARI")).body).details[0]?.id).toBe(121);
  expect((await search("")).body).toEqual({ details: [] });
  expect((await search(42)).status).toBe(400);
});

test("one answer carries a script the portal must sanitise", async () => {
  const res = await get("/1/categories/12/answers/122");
  expect(res.body.body).toContain("<script>");
});

test("the fault switch makes the knowledge base answer 503 until reset", async () => {
  const sandbox = createTestSandbox();
  await sandbox.http.post("/__sandbox/faults").send({ kb: "down" }).expect(200);
  const down = await sandbox.http.get(`${base}/1/categories`).set("X-Forwarded-Host", hosts.a);
  expect(down.status).toBe(503);
  expect(down.body.status).toBe(503);
  expect((await sandbox.http.get("/__sandbox/faults")).body).toEqual({ kb: "down" });
  await sandbox.http.post("/__sandbox/reset").expect(200);
  expect((await sandbox.http.get(`${base}/1/categories`).set("X-Forwarded-Host", hosts.a)).status).toBe(200);
});
