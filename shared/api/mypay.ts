import { z } from "zod";

/*
 * MYPAY (contract §6 is "[REQ]-only": the calls are named, the payloads are not public). These schemas are OUR
 * definition, the same as the sandbox's (sandbox/mypay/state.ts):
 * - known: the calls (`GET mypay/posizioni/{cf}`, `GET /mypay/tipologie`, `POST /mypay/importaDovutoImmediato`,
 *   `POST /mypay/importaDovuto`, `mypay/verificaAvviso/{id}`), a type's `spontaneo` flag and
 *   `datiSpecificiRiscossione`, the notes of a type;
 * - invented: every other field name (MyPay's Italian vocabulary: codTipo, causale, pagatore, anagrafica), the
 *   statuses DA_PAGARE / PAGATO / ANNULLATO, the base64 notice in `avvisoPdf`, `{id}` of verificaAvviso being the
 *   codice avviso ("3" + IUV, pagoPA's aux digit 3); paying or printing one of the citizen's existing dues
 *   (`POST /api/mypay/posizioni/{cf}/{iuv}/pagamento` → `{iuv, urlPagamento}`, `GET …/{iuv}/avviso` →
 *   `{iuv, codiceAvviso, avvisoPdf}`: the payer's own fiscal code only, a due of another citizen is a 404); a paid
 *   due's receipt (`GET …/{iuv}/ricevuta` → `{iuv, ricevutaPdf}`, and the payer's public read `GET
 *   /api-public/mypay/verificaAvviso/{id}/ricevuta?codiceFiscale=`) and who created a due (`creatoDa`: ENTE or
 *   PAGATORE), issue #40.
 * Unknown fields are kept (`loose`) so a real MYPAY answer with more fields still parses.
 */

export const MypayTipologiaSchema = z
  .object({
    codTipo: z.string().min(1),
    descrizione: z.string(),
    spontaneo: z.boolean(),
    notePerIlPagatore: z.string().nullish(),
    noteObbligatorie: z.boolean().nullish(),
    datiSpecificiRiscossione: z.string().nullish(),
    /** The highest amount (euro) a spontaneous payment of the type may have (our definition; absent: no limit). */
    importoMassimo: z.number().positive().nullish(),
  })
  .loose();
export type MypayTipologia = z.infer<typeof MypayTipologiaSchema>;

/** `GET /api-public/mypay/tipologie?descrizione=`. */
export const MypayTipologieSchema = z
  .object({ tipologie: z.array(MypayTipologiaSchema) })
  .loose()
  .transform((v) => v.tipologie);

export const MypayStatoSchema = z.enum(["DA_PAGARE", "PAGATO", "ANNULLATO"]);
export type MypayStato = z.infer<typeof MypayStatoSchema>;

/** One position (`posizioni` entries and the answer of `verificaAvviso`). */
export const MypayPosizioneSchema = z
  .object({
    codiceAvviso: z.string(),
    iuv: z.string(),
    codTipo: z.string().nullish(),
    descrizioneTipo: z.string().nullish(),
    importo: z.number(),
    stato: MypayStatoSchema,
    causale: z.string().nullish(),
    dataScadenza: z.string().nullish(),
    dataPagamento: z.string().nullish(),
    /**
     * Who created the due (our definition, issue #40): the municipality, or a payer through a spontaneous payment.
     * Absent or unknown: treated as a payer's (its texts are not shown, payer-created-positions.md).
     */
    creatoDa: z.enum(["ENTE", "PAGATORE"]).nullish().catch(null),
  })
  .loose();
export type MypayPosizione = z.infer<typeof MypayPosizioneSchema>;

/** `GET /api/mypay/posizioni/{cf}`. */
export const MypayPosizioniSchema = z
  .object({ posizioni: z.array(MypayPosizioneSchema) })
  .loose()
  .transform((v) => v.posizioni);

/** The body of both POSTs. */
export type MypayNuovoDovuto = {
  codTipo: string;
  /** Euro, at most two decimals. */
  importo: number;
  causale: string;
  pagatore: { tipo: "F" | "G"; codiceIdentificativo: string; anagrafica: string; email: string };
};

/** `POST /api-public/mypay/importaDovutoImmediato` → where the browser pays. */
export const MypayImmediatoSchema = z
  .object({ iuv: z.string(), urlPagamento: z.url({ protocol: /^https?$/ }) })
  .loose();

/** `POST /api-public/mypay/importaDovuto` → the notice to pay at a PSP. */
export const MypayDovutoSchema = z
  .object({
    iuv: z.string(),
    codiceAvviso: z.string(),
    avvisoPdf: z
      .string()
      .min(1)
      .regex(/^[A-Za-z0-9+/=\s]+$/),
  })
  .loose();

/** A paid due's receipt (our definition, issue #40): `GET …/posizioni/{cf}/{iuv}/ricevuta` and the payer's public read. */
export const MypayRicevutaSchema = z
  .object({
    iuv: z.string(),
    ricevutaPdf: z
      .string()
      .min(1)
      .regex(/^[A-Za-z0-9+/=\s]+$/),
  })
  .loose();

/** The codice avviso of a 17-digit IUV (aux digit 3), the id of `verificaAvviso`. */
export function noticeCodeOfIuv(iuv: string): string | null {
  return /^\d{17}$/.test(iuv) ? `3${iuv}` : null;
}

export interface MypayApi {
  /** Payment types whose description contains `search` (all when empty). */
  tipologie(search?: string): Promise<MypayTipologia[]>;
  /**
   * A due paid straight away: its IUV and the pagoPA URL (the checkout returns to the address MyPay has configured
   * for the municipality).
   */
  importaDovutoImmediato(body: MypayNuovoDovuto): Promise<{ iuv: string; urlPagamento: string }>;
  /** A due to pay later at a PSP: its notice PDF's bytes. */
  importaDovuto(body: MypayNuovoDovuto): Promise<{ iuv: string; codiceAvviso: string; pdf: Uint8Array }>;
  /** The state of a notice, or null when MYPAY does not know it. */
  verificaAvviso(codiceAvviso: string): Promise<MypayPosizione | null>;
  /** The logged-in citizen's positions (the fiscal code from the logged-in user, never the browser). */
  posizioni(codFisc: string): Promise<MypayPosizione[]>;
  /** Pays one of the citizen's own dues to pay: where the browser pays. */
  pagaDovuto(codFisc: string, iuv: string): Promise<{ iuv: string; urlPagamento: string }>;
  /** The notice PDF of one of the citizen's own dues to pay. */
  avvisoDovuto(codFisc: string, iuv: string): Promise<{ codiceAvviso: string; pdf: Uint8Array }>;
  /** The receipt PDF of one of the citizen's own paid dues. */
  ricevutaDovuto(codFisc: string, iuv: string): Promise<Uint8Array>;
  /** The receipt PDF of a paid due, for the browser that paid it: its notice code and the payer's tax code. */
  ricevutaPagatore(codiceAvviso: string, codFisc: string): Promise<Uint8Array>;
}
