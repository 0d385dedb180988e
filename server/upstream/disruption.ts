import {
  CreatedDisruptionSchema,
  DisruptionCatalogueSchema,
  DisruptionPolicySchema,
  DisruptionReceiptSchema,
  type DisruptionApi,
} from "#shared/api/disruption.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";
import { sanitizeRichText } from "./sanitize.ts";

const SERVICE = "disservizio";

/** The disruption report (DISSERVIZIO_CRM): policy, categories, creation, receipt (see shared/api/disruption.ts). */
export function createDisruptionApi(ctx: UpstreamRequestContext): DisruptionApi {
  return {
    async policy() {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: "api-public/configComune/disservizio/policy",
        schema: DisruptionPolicySchema,
      });
      return sanitizeRichText(data);
    },
    async catalogue() {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: "api-public/crm/disservizio/categorie",
        schema: DisruptionCatalogueSchema,
      });
      return data;
    },
    async create(ticket, idempotencyKey) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: "api/crm/disservizio/tickets",
        body: ticket,
        headers: { "idempotency-key": idempotencyKey },
        schema: CreatedDisruptionSchema,
      });
      return data;
    },
    async receipt(id) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `api/crm/disservizio/tickets/${encodeURIComponent(String(id))}/ricevuta`,
        schema: DisruptionReceiptSchema,
      });
      return new Uint8Array(Buffer.from(data, "base64"));
    },
  };
}
