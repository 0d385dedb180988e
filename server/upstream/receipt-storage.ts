import { z } from "zod";
import { ReceiptStorageSchema, type ReceiptStorageApi } from "#shared/api/receipt-storage.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";

/** PPAY's receipt archiving flag (`GET/PUT /api/ppay/citizens/{cf}`). */
export function createReceiptStorageApi(ctx: UpstreamRequestContext): ReceiptStorageApi {
  const service = "ppay";
  const path = (cf: string) => `api/ppay/citizens/${encodeURIComponent(cf)}`;
  return {
    async get(cf) {
      const res = await callUpstream(ctx, { service, path: path(cf), schema: ReceiptStorageSchema });
      return res.data;
    },
    async set(cf, enabled) {
      await callUpstream(ctx, {
        service,
        method: "PUT",
        path: path(cf),
        query: { enableReceiptStorage: enabled },
        schema: z.unknown(),
      });
    },
  };
}
