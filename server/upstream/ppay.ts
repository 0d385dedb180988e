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
import { sanitizeRichText } from "./sanitize.ts";

const SERVICE = "ppay";
const id = encodeURIComponent;

/** PPAY debt positions (contract §6) through the BFF's `/api/ppay/*` proxy. */
export function createPpayApi(ctx: UpstreamRequestContext): PpayApi {
  const positions = (cf: string, scope: "api" | "api-public" = "api") =>
    `${scope}/ppay/citizens/${id(cf)}/debtpositions`;
  const api: PpayApi = {
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
    async payerReceipt(taxCode, iuv) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `${positions(taxCode, "api-public")}/${id(iuv)}/paymentreceipt`,
        schema: PaymentReceiptSchema,
      });
      return new Uint8Array(Buffer.from(data, "base64"));
    },
    async receipt(codFisc, iuv) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `${positions(codFisc)}/${id(iuv)}/paymentreceipt`,
        schema: PaymentReceiptSchema,
      });
      return new Uint8Array(Buffer.from(data, "base64"));
    },
    async notice(codFisc, iuv) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `${positions(codFisc)}/${id(iuv)}/paymentnotice`,
        schema: PaymentNoticeSchema,
      });
      return new Uint8Array(Buffer.from(data, "base64"));
    },
    async paymentUrl(iuv, portalOrigin) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `api/ppay/debtpositions/${id(iuv)}/payment`,
        // Where the checkout returns (the sandbox checks it against the municipality's hosts).
        headers: { "x-portal-origin": portalOrigin },
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
    async spontaneousPayment(typeCode, body, idempotencyKey, portalOrigin) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: `api-public/ppay/paymenttypes/${id(typeCode)}/payment`,
        body,
        headers: { "idempotency-key": idempotencyKey, "x-portal-origin": portalOrigin },
        schema: SpontaneousPaymentSchema,
      });
      return { iuv: data.iuv, paymentUrl: data.paymentUrl };
    },
    async spontaneousNotice(typeCode, body, idempotencyKey) {
      const { codiceFiscalePartitaIVAPagatore: cf, ...rest } = body;
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: `api-public/ppay/citizens/${id(cf)}/paymenttypes/${id(typeCode)}/debtpositions`,
        body: rest,
        headers: { "idempotency-key": idempotencyKey },
        schema: SpontaneousNoticeSchema,
      });
      return {
        iuv: data.iuv,
        codiceAvviso: data.codiceAvviso,
        pdf: new Uint8Array(Buffer.from(data.pdf, "base64")),
      };
    },
  };
  return api;
}
