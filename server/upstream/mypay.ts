import {
  MypayDovutoSchema,
  MypayImmediatoSchema,
  MypayPosizioneSchema,
  MypayPosizioniSchema,
  MypayRicevutaSchema,
  MypayTipologieSchema,
  type MypayApi,
} from "#shared/api/mypay.ts";
import { isUpstreamError } from "./errors.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";

const SERVICE = "mypay";
const id = encodeURIComponent;

/** MYPAY (contract §6; the payloads are our definition, see shared/api/mypay.ts). */
export function createMypayApi(ctx: UpstreamRequestContext): MypayApi {
  return {
    async tipologie(search) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: "api-public/mypay/tipologie",
        query: search ? { descrizione: search } : {},
        schema: MypayTipologieSchema,
      });
      return data;
    },
    async importaDovutoImmediato(body) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: "api-public/mypay/importaDovutoImmediato",
        body,
        schema: MypayImmediatoSchema,
      });
      return { iuv: data.iuv, urlPagamento: data.urlPagamento };
    },
    async importaDovuto(body) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: "api-public/mypay/importaDovuto",
        body,
        schema: MypayDovutoSchema,
      });
      return {
        iuv: data.iuv,
        codiceAvviso: data.codiceAvviso,
        pdf: new Uint8Array(Buffer.from(data.avvisoPdf, "base64")),
      };
    },
    async verificaAvviso(codiceAvviso) {
      try {
        const { data } = await callUpstream(ctx, {
          service: SERVICE,
          path: `api-public/mypay/verificaAvviso/${id(codiceAvviso)}`,
          schema: MypayPosizioneSchema,
        });
        return data;
      } catch (error) {
        if (isUpstreamError(error, 404) || isUpstreamError(error, 400)) return null;
        throw error;
      }
    },
    async pagaDovuto(codFisc, iuv) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        method: "POST",
        path: `api/mypay/posizioni/${id(codFisc)}/${id(iuv)}/pagamento`,
        schema: MypayImmediatoSchema,
      });
      return { iuv: data.iuv, urlPagamento: data.urlPagamento };
    },
    async avvisoDovuto(codFisc, iuv) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `api/mypay/posizioni/${id(codFisc)}/${id(iuv)}/avviso`,
        schema: MypayDovutoSchema,
      });
      return { codiceAvviso: data.codiceAvviso, pdf: new Uint8Array(Buffer.from(data.avvisoPdf, "base64")) };
    },
    async ricevutaDovuto(codFisc, iuv) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `api/mypay/posizioni/${id(codFisc)}/${id(iuv)}/ricevuta`,
        schema: MypayRicevutaSchema,
      });
      return new Uint8Array(Buffer.from(data.ricevutaPdf, "base64"));
    },
    async ricevutaPagatore(codiceAvviso, codFisc) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `api-public/mypay/verificaAvviso/${id(codiceAvviso)}/ricevuta`,
        query: { codiceFiscale: codFisc },
        schema: MypayRicevutaSchema,
      });
      return new Uint8Array(Buffer.from(data.ricevutaPdf, "base64"));
    },
    async posizioni(codFisc) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `api/mypay/posizioni/${id(codFisc)}`,
        schema: MypayPosizioniSchema,
      });
      return data;
    },
  };
}
