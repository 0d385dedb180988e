import express from "express";
import type { Request, Response } from "express";
import { faultGate } from "../faults.ts";
import { sendError } from "../http.ts";
import { categoryPath, searchAnswers } from "../kb-search.ts";
import { getLocals, type SandboxStore } from "../types.ts";

const base = "/api-public/crm/knowledge_bases";

function knowledgeBase(res: Response) {
  return getLocals(res).tenant.content.knowledgeBase;
}

function findCategory(req: Request, res: Response) {
  if (req.params.kbId !== "1") return undefined;
  return knowledgeBase(res).categories.find((c) => String(c.id) === req.params.categoryId);
}

const pick = ({ id, name }: { id: number; name: string }) => ({ id, name });

export function createKnowledgeBaseRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.use(base, faultGate(store, "kb"));
  router.get(`${base}/:kbId/categories`, (req, res) => {
    if (req.params.kbId !== "1") return sendError(res, 404, "Knowledge base non trovata");
    res.json(
      knowledgeBase(res)
        .categories.filter((c) => c.parentId === null)
        .map(pick),
    );
  });
  router.get(`${base}/:kbId/categories/:categoryId`, (req, res) => {
    const category = findCategory(req, res);
    if (!category) return sendError(res, 404, "Categoria non trovata");
    const kb = knowledgeBase(res);
    const children = kb.categories.filter((c) => c.parentId === category.id).map(pick);
    const answers = kb.answers
      .filter((a) => a.categoryId === category.id)
      .map(({ id, title }) => ({ id, title }));
    res.json({
      category: pick(category),
      breadcrumb: categoryPath(kb, category).map(pick),
      children,
      answers,
    });
  });
  router.get(`${base}/:kbId/categories/:categoryId/answers/:answerId`, (req, res) => {
    const category = findCategory(req, res);
    const answer = knowledgeBase(res).answers.find((a) => String(a.id) === req.params.answerId);
    if (!category || !answer || answer.categoryId !== category.id)
      return sendError(res, 404, "Risposta non trovata");
    res.json({ id: answer.id, title: answer.title, body: answer.body, category_id: answer.categoryId });
  });
  router.post(`${base}/search`, express.json({ limit: "10kb" }), (req, res) => {
    const body = (req.body ?? {}) as { knowledge_base_id?: unknown; query?: unknown };
    if (typeof body.query !== "string")
      return sendError(res, 400, "Richiesta non valida", ["query: obbligatorio"]);
    if (body.knowledge_base_id !== 1) return sendError(res, 404, "Knowledge base non trovata");
    res.json({ details: searchAnswers(knowledgeBase(res), body.query.slice(0, 200)) });
  });
  return router;
}
