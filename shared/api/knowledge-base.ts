import { z } from "zod";

/** Knowledge base (FAQ), id fixed to 1, public calls under `/api-public/crm/knowledge_bases/1`. */
export const KB_ID = 1;

export const KbCategorySchema = z.object({ id: z.coerce.number(), name: z.string() }).loose();
export type KbCategory = z.infer<typeof KbCategorySchema>;
export const KbCategoriesSchema = z.array(KbCategorySchema);

export const KbCategoryDetailSchema = z
  .object({
    category: KbCategorySchema,
    breadcrumb: z.array(KbCategorySchema).default([]),
    children: z.array(KbCategorySchema).default([]),
    answers: z.array(z.object({ id: z.coerce.number(), title: z.string() }).loose()).default([]),
  })
  .loose();
export type KbCategoryDetail = z.infer<typeof KbCategoryDetailSchema>;

export const KbAnswerSchema = z
  .object({ id: z.coerce.number().optional(), title: z.string().optional(), body: z.string() })
  .loose();
export type KbAnswer = z.infer<typeof KbAnswerSchema>;

export const KbSearchResultSchema = z
  .object({
    details: z
      .array(
        z
          .object({
            id: z.coerce.number(),
            title: z.string(),
            subtitle: z.string().nullish(),
            category_id: z.coerce.number().nullish(),
          })
          .loose(),
      )
      .default([]),
  })
  .loose();
export type KbSearchResult = z.infer<typeof KbSearchResultSchema>;

export interface KnowledgeBaseApi {
  categories(): Promise<KbCategory[]>;
  category(id: number): Promise<KbCategoryDetail>;
  /** Answer bodies are HTML: the server sanitises them. */
  answer(categoryId: number, answerId: number): Promise<KbAnswer>;
  /** Result titles and subtitles are plain text (highlight markup removed by the server). */
  search(query: string): Promise<KbSearchResult>;
}
