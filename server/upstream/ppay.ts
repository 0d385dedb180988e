import {
  DebtPositionPageSchema,
  PaymentNoticeSchema,
  PaymentReceiptSchema,
  PaymentTypePageSchema,
  SpontaneousNoticeSchema,
  SpontaneousPaymentSchema,
  PaymentUrlSchema,
  PpayPolicySchema,
  type PpayApi,
} from "#shared/api/ppay.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";
import type { z } from "zod";
import { sanitizeRichText } from "./sanitize.ts";

const SERVICE = "ppay";
const id = encodeURIComponent;

const positions = (cf: string, scope: "api" | "api-public" = "api") =>
  `${scope}/ppay/citizens/${id(cf)}/debtpositions`;

/** A PDF the upstream sends as base64 (a receipt, a notice). */
async function pdfAt(ctx: UpstreamRequestContext, path: string, schema: z.ZodType<string>) {
  const { data } = await callUpstream(ctx, { service: SERVICE, path, schema });
  return new Uint8Array(Buffer.from(data, "base64"));
}

type PositionsApi = Pick<
  PpayApi,
  "debtPositions" | "debtPosition" | "payerPosition" | "payerReceipt" | "receipt" | "notice"
>;

/** A citizen's debt positions (or an anonymous payer's one position), their receipts and notices. */
function positionsApi(ctx: UpstreamRequestContext): PositionsApi {
  const api: PositionsApi = {
    async debtPositions(codFisc, query) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: positions(codFisc),
        query: { ...query },
        schema: DebtPositionPageSchema,
      });
      return data;
    },
    async debtPosition(codFisc, iuv) {
      const page = await api.debtPositions(codFisc, { currentPage: 1, elements: 1, iuv });
      return page.debtPositions.find((p) => p.iuv === iuv) ?? null;
    },
    async payerPosition(taxCode, iuv) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: positions(taxCode, "api-public"),
        query: { iuv },
        schema: DebtPositionPageSchema,
      });
      return data.debtPositions.find((p) => p.iuv === iuv) ?? null;
    },
    payerReceipt: (taxCode, iuv) =>
      pdfAt(ctx, `${positions(taxCode, "api-public")}/${id(iuv)}/paymentreceipt`, PaymentReceiptSchema),
    receipt: (codFisc, iuv) =>
      pdfAt(ctx, `${positions(codFisc)}/${id(iuv)}/paymentreceipt`, PaymentReceiptSchema),
    notice: (codFisc, iuv) =>
      pdfAt(ctx, `${positions(codFisc)}/${id(iuv)}/paymentnotice`, PaymentNoticeSchema),
  };
  return api;
}

/** Paying: the checkout URL of a position, the policy, the payment types and spontaneous payments or notices. */
function paymentsApi(ctx: UpstreamRequestContext): Omit<PpayApi, keyof PositionsApi> {
  return {
    async paymentUrl(iuv) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `api/ppay/debtpositions/${id(iuv)}/payment`,
        schema: PaymentUrlSchema,
      });
      return data;
    },
    async policy() {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: "api-public/policy/ppay",
        schema: PpayPolicySchema,
      });
      return sanitizeRichText(data);
    },
    async paymentTypes() {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: "api-public/ppay/paymenttypes",
        query: { currentPage: 1, elements: 100 },
        schema: PaymentTypePageSchema,
      });
      return data;
    },
    async spontaneousPayment(typeCode, body) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: `api-public/ppay/paymenttypes/${id(typeCode)}/payment`,
        body,
        schema: SpontaneousPaymentSchema,
      });
      return { iuv: data.iuv, paymentUrl: data.paymentUrl };
    },
    async spontaneousNotice(typeCode, body) {
      const { codiceFiscalePartitaIVAPagatore: cf, ...rest } = body;
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: `api-public/ppay/citizens/${id(cf)}/paymenttypes/${id(typeCode)}/debtpositions`,
        body: rest,
        schema: SpontaneousNoticeSchema,
      });
      return {
        iuv: data.iuv,
        codiceAvviso: data.codiceAvviso,
        pdf: new Uint8Array(Buffer.from(data.pdf, "base64")),
      };
    },
  };
}

/** PPAY debt positions (contract §6) through the BFF's `/api/ppay/*` proxy. */
export function createPpayApi(ctx: UpstreamRequestContext): PpayApi {
  return { ...positionsApi(ctx), ...paymentsApi(ctx) };
}
