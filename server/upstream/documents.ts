import {
  DocumentAreasSchema,
  DocumentFileSchema,
  DocumentPageSchema,
  type DocumentsApi,
} from "#shared/api/documents.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";

const SERVICE = "mydocs";
const id = encodeURIComponent;

/** Personal documents (contract §10) through the BFF's `/api/document/*` proxy. */
export function createDocumentsApi(ctx: UpstreamRequestContext): DocumentsApi {
  return {
    async areas(codFisc) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `api/document/ambiti/cittadino/${id(codFisc)}`,
        schema: DocumentAreasSchema,
      });
      return data;
    },
    async list(codFisc, { limit, offset, sort, order, ...filter }) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: `api/document/documenti/cittadino/${id(codFisc)}`,
        query: { limit, offset, sort, order },
        body: { visibile: true, ...filter },
        schema: DocumentPageSchema,
      });
      return data;
    },
    async file(codFisc, uuid) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `api/document/documenti/${id(uuid)}/cittadino/${id(codFisc)}`,
        query: { download: true },
        schema: DocumentFileSchema,
      });
      return data;
    },
  };
}
