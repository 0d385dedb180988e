import { z } from "zod";
import { NoticeTextSchema } from "#shared/api/notice-text.ts";
import {
  CrmServiceListSchema,
  DraftListSchema,
  type CrmApi,
  type NewTicket,
  ArticleListSchema,
  TicketListSchema,
  TicketSchema,
  type CrmTicketsApi,
} from "#shared/api/crm.ts";
import { isUpstreamError } from "./errors.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";
import { sanitizeRichText } from "./sanitize.ts";

/** The BFF's CRM calls (contract §5): catalogue, privacy text, ticket creation, drafts. */
export function createCrmApi(ctx: UpstreamRequestContext): CrmApi {
  const service = "crm";
  return {
    ...createCrmTicketsApi(ctx),
    async services() {
      const res = await callUpstream(ctx, {
        service,
        path: "api-public/crm/services",
        schema: CrmServiceListSchema,
      });
      return res.data;
    },
    async subServices(serviceId) {
      const res = await callUpstream(ctx, {
        service,
        path: `api-public/crm/services/${encodeURIComponent(String(serviceId))}`,
        schema: CrmServiceListSchema,
      });
      return res.data;
    },
    async policy() {
      const res = await callUpstream(ctx, { service, path: "api-public/policy", schema: NoticeTextSchema });
      return res.data;
    },
    async createTicket(ticket: NewTicket) {
      await callUpstream(ctx, {
        service,
        method: "POST",
        path: "api/crm/tickets",
        body: ticket,
        schema: z.unknown(),
      });
    },
    async createPublicTicket(ticket, otp) {
      try {
        await callUpstream(ctx, {
          service,
          method: "POST",
          path: "api-public/crm/tickets",
          query: { otp: otp.code, cf: otp.cf, richiesta: "EMAIL" },
          body: ticket,
          schema: z.unknown(),
        });
        return "created";
      } catch (error) {
        if (isUpstreamError(error, 401)) return "auth-failed";
        throw error;
      }
    },
    ...createCrmDraftsApi(ctx),
  };
}

type CrmDraftsApi = Pick<CrmApi, "drafts" | "createDraft" | "updateDraft" | "deleteDraft">;

/** A logged-in citizen's request drafts: list, create, update, delete (another's draft is "not found"). */
function createCrmDraftsApi(ctx: UpstreamRequestContext): CrmDraftsApi {
  const service = "crm";
  return {
    async drafts(assetId) {
      const res = await callUpstream(ctx, {
        service,
        path: "api/drafts",
        query: { asset: assetId },
        schema: DraftListSchema,
      });
      return res.data;
    },
    async createDraft(input) {
      await callUpstream(ctx, {
        service,
        method: "POST",
        path: "api/draft",
        body: input,
        schema: z.unknown(),
      });
    },
    async updateDraft(id, input) {
      try {
        await callUpstream(ctx, {
          service,
          method: "PUT",
          path: `api/draft/${encodeURIComponent(String(id))}`,
          body: input,
          schema: z.unknown(),
        });
        return "ok";
      } catch (error) {
        if (isUpstreamError(error, 403)) return "forbidden";
        if (isUpstreamError(error, 404)) return "not-found";
        throw error;
      }
    },
    async deleteDraft(id) {
      try {
        await callUpstream(ctx, {
          service,
          method: "DELETE",
          path: `api/draft/${encodeURIComponent(String(id))}`,
          schema: z.unknown(),
        });
        return "ok";
      } catch (error) {
        if (isUpstreamError(error, 404) || isUpstreamError(error, 403)) return "not-found";
        throw error;
      }
    },
  };
}

/** The citizen's tickets (contract §5): search, one ticket, articles, reply, close, attachment download. */
function createCrmTicketsApi(ctx: UpstreamRequestContext): CrmTicketsApi {
  const service = "crm";
  const ticketPath = (id: number) => `api/crm/tickets/${encodeURIComponent(String(id))}`;
  return {
    async searchTickets(query) {
      const filter: Record<string, unknown> = { "customer.codice_fiscale": { eq: query.codiceFiscale } };
      if (query.title) filter.title = { ci: query.title };
      if (query.states) filter.state_id = { in: [...query.states] };
      const res = await callUpstream(ctx, {
        service,
        path: "api/crm/tickets/search",
        query: {
          per_page: query.perPage,
          page: query.page,
          filter: JSON.stringify(filter),
          sort_by: query.sortBy ?? "created_at",
          order_by: query.orderBy ?? "desc",
        },
        schema: TicketListSchema,
      });
      return res.data;
    },
    async ticket(id) {
      try {
        const res = await callUpstream(ctx, { service, path: ticketPath(id), schema: TicketSchema });
        return res.data;
      } catch (error) {
        if (isUpstreamError(error, 404)) return null;
        throw error;
      }
    },
    async articles(ticketId) {
      const res = await callUpstream(ctx, {
        service,
        path: `${ticketPath(ticketId)}/articles`,
        schema: ArticleListSchema,
      });
      // Bodies are HTML written by citizens and operators: sanitised before any page renders them.
      return res.data.map((article) => ({ ...article, body: sanitizeRichText(article.body) }));
    },
    async reply(ticketId, reply) {
      await callUpstream(ctx, {
        service,
        method: "POST",
        path: `${ticketPath(ticketId)}/articles`,
        body: {
          type_id: 13,
          body: reply.body,
          content_type: "text/html",
          from: reply.from,
          ...(reply.attachments.length ? { attachments: reply.attachments } : {}),
        },
        schema: z.unknown(),
      });
    },
    async closeTicket(ticketId) {
      await callUpstream(ctx, {
        service,
        method: "PUT",
        path: ticketPath(ticketId),
        body: { state_id: 8 },
        schema: z.unknown(),
      });
    },
    async attachment(ticketId, articleId, attachmentId) {
      const res = await callUpstream(ctx, {
        service,
        path: `${ticketPath(ticketId)}/articles/${encodeURIComponent(String(articleId))}/attachments/${encodeURIComponent(String(attachmentId))}`,
        binary: true,
        schema: z.instanceof(Uint8Array),
      });
      return { bytes: res.data, contentType: res.headers.get("content-type") ?? "application/octet-stream" };
    },
  };
}
