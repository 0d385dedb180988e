import {
  CreatedDisruptionSchema,
  DisruptionCatalogueSchema,
  DisruptionPolicySchema,
  DisruptionReceiptSchema,
  type DisruptionApi,
} from "#shared/api/disruption.ts";
import type { CrmApi } from "#shared/api/crm.ts";
import { sameFiscalCode } from "#shared/validation/fiscal-code.ts";
import { UpstreamError } from "./errors.ts";
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
    async create(ticket) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: "api/crm/disservizio/tickets",
        body: ticket,
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

/**
 * The disruption API with the owner check the real upstream does not make (contract §1: CRM tickets by id are
 * answered for anybody): a receipt is fetched only for a report whose customer is the session's citizen; another
 * citizen's, or an unknown one, is "not found" (404), so ids cannot be probed.
 */
export function ownReportsOnly(
  api: DisruptionApi,
  crm: Pick<CrmApi, "ticket">,
  ownFiscalCode: () => Promise<string | null>,
): DisruptionApi {
  return {
    ...api,
    async receipt(id) {
      const [own, ticket] = await Promise.all([ownFiscalCode(), crm.ticket(id)]);
      const holder = ticket?.customer?.codice_fiscale;
      if (!sameFiscalCode(holder, own))
        throw new UpstreamError(SERVICE, "status", 404, "report not found for this citizen");
      return api.receipt(id);
    },
  };
}
