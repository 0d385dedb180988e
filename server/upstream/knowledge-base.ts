import {
  KB_ID,
  KbAnswerSchema,
  KbCategoriesSchema,
  KbCategoryDetailSchema,
  KbSearchResultSchema,
  type KnowledgeBaseApi,
} from "#shared/api/knowledge-base.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";
import { sanitizeRichText, stripHtml } from "./sanitize.ts";

const SERVICE = "knowledge-base";
const base = `api-public/crm/knowledge_bases/${KB_ID}`;

export function createKnowledgeBaseApi(ctx: UpstreamRequestContext): KnowledgeBaseApi {
  return {
    async categories() {
      return (
        await callUpstream(ctx, { service: SERVICE, path: `${base}/categories`, schema: KbCategoriesSchema })
      ).data;
    },
    async category(id) {
      const path = `${base}/categories/${encodeURIComponent(id)}`;
      return (await callUpstream(ctx, { service: SERVICE, path, schema: KbCategoryDetailSchema })).data;
    },
    async answer(categoryId, answerId) {
      const path = `${base}/categories/${encodeURIComponent(categoryId)}/answers/${encodeURIComponent(answerId)}`;
      const { data } = await callUpstream(ctx, { service: SERVICE, path, schema: KbAnswerSchema });
      return { ...data, body: sanitizeRichText(data.body) };
    },
    async search(query) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: "api-public/crm/knowledge_bases/search",
        body: { knowledge_base_id: KB_ID, locale: "it-it", flavor: "agent", query },
        schema: KbSearchResultSchema,
      });
      return {
        ...data,
        details: data.details.map((d) => ({
          ...d,
          title: stripHtml(d.title),
          subtitle: d.subtitle ? stripHtml(d.subtitle) : d.subtitle,
        })),
      };
    },
  };
}
