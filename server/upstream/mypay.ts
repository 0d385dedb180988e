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

/** A PDF the upstream sends in base64. */
const pdfOf = (base64: string) => new Uint8Array(Buffer.from(base64, "base64"));

/** The anonymous payments (`api-public`): the kinds of payment, new positions, a notice looked up, its payer's receipt. */
function publicPayments(
  ctx: UpstreamRequestContext,
): Pick<
  MypayApi,
  "tipologie" | "importaDovutoImmediato" | "importaDovuto" | "verificaAvviso" | "ricevutaPagatore"
> {
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
        pdf: pdfOf(data.avvisoPdf),
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
    async ricevutaPagatore(codiceAvviso, codFisc) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `api-public/mypay/verificaAvviso/${id(codiceAvviso)}/ricevuta`,
        query: { codiceFiscale: codFisc },
        schema: MypayRicevutaSchema,
      });
      return pdfOf(data.ricevutaPdf);
    },
  };
}

/** The citizen's own positions (`api`, by fiscal code): the list, paying one, its notice and its receipt. */
function citizenPositions(
  ctx: UpstreamRequestContext,
): Pick<MypayApi, "pagaDovuto" | "avvisoDovuto" | "ricevutaDovuto" | "posizioni"> {
  return {
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
      return { codiceAvviso: data.codiceAvviso, pdf: pdfOf(data.avvisoPdf) };
    },
    async ricevutaDovuto(codFisc, iuv) {
      const { data } = await callUpstream(ctx, {
        service: SERVICE,
        path: `api/mypay/posizioni/${id(codFisc)}/${id(iuv)}/ricevuta`,
        schema: MypayRicevutaSchema,
      });
      return pdfOf(data.ricevutaPdf);
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

/** MYPAY (contract §6; the payloads are our definition, see shared/api/mypay.ts). */
export function createMypayApi(ctx: UpstreamRequestContext): MypayApi {
  return { ...publicPayments(ctx), ...citizenPositions(ctx) };
}
