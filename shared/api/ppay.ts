import { z } from "zod";

/** One debt position (`DebtPositionDetail`, contract §6 and CITFAC-PPAY.yaml). Dates are ISO strings. */
export const DebtPositionSchema = z
  .object({
    descrizionePagamento: z.string().nullish(),
    codiceAvviso: z.string(),
    iuv: z.string().nullish(),
    codiceVersamento: z.string(),
    descrizionePortale: z.string().nullish(),
    importo: z.number(),
    dataScadenza: z.string().nullish(),
    dataEsitoPagamento: z.string().nullish(),
    numeroTransazione: z.string().nullish(),
    infoAggiuntive: z.string().nullish(),
    presenzaQuietanza: z.boolean().nullish(),
    codiceStatoPagamento: z.string().nullish(),
    descrizioneStatoPagamento: z.string().nullish(),
  })
  .loose();
export type DebtPosition = z.infer<typeof DebtPositionSchema>;

/** `GET /api/ppay/citizens/{cf}/debtpositions`: `Page & { debtPositions }`. */
export const DebtPositionPageSchema = z
  .object({
    currentPage: z.number().int().nullish(),
    totalElements: z.number().int().min(0).default(0),
    totPages: z.number().int().nullish(),
    pageSize: z.number().int().nullish(),
    debtPositions: z
      .array(DebtPositionSchema)
      .nullish()
      .transform((v) => v ?? []),
  })
  .loose();
export type DebtPositionPage = z.infer<typeof DebtPositionPageSchema>;

const base64 = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9+/=\s]+$/);

/** `GET …/debtpositions/{iuv}/paymentreceipt`: the receipt PDF as base64. */
export const PaymentReceiptSchema = z
  .object({ receipt: base64 })
  .loose()
  .transform((v) => v.receipt);
/** `GET …/debtpositions/{iuv}/paymentnotice`: the payment notice PDF as base64. */
export const PaymentNoticeSchema = z
  .object({ notice: base64 })
  .loose()
  .transform((v) => v.notice);
/** `GET /api/ppay/debtpositions/{iuv}/payment`: where the browser pays (pagoPA checkout). */
export const PaymentUrlSchema = z
  .object({ paymentUrl: z.url({ protocol: /^https?$/ }) })
  .loose()
  .transform((v) => v.paymentUrl);
/** `GET /api-public/policy/ppay`: the PPAY privacy notice, an HTML string. */
export const PpayPolicySchema = z.string();

/** The IUV's shape (contract §6: 17–35 digits). */
export const IUV_PATTERN = /^\d{17,35}$/;

export type DebtPositionQuery = {
  currentPage: number;
  elements: number;
  sort?: `${"+" | "-"}${"iuv" | "codiceVersamento" | "dataScadenza" | "importo"}`;
  status?: "PAYED" | "NOT_PAYED";
  iuv?: string;
};

/** PPAY debt positions of the logged-in citizen; the fiscal code comes from the logged-in user, never the browser. */
export interface PpayApi {
  debtPositions(codFisc: string, query: DebtPositionQuery): Promise<DebtPositionPage>;
  /** The citizen's position with this IUV, or null when the citizen has none. */
  debtPosition(codFisc: string, iuv: string): Promise<DebtPosition | null>;
  /** The receipt PDF's bytes (404 when there is none). */
  receipt(codFisc: string, iuv: string): Promise<Uint8Array>;
  /** The payment notice PDF's bytes. */
  notice(codFisc: string, iuv: string): Promise<Uint8Array>;
  /** The pagoPA payment URL of an unpaid position; `portalOrigin` is where the checkout comes back to. */
  paymentUrl(iuv: string, portalOrigin: string): Promise<string>;
  /** The PPAY privacy notice, sanitised HTML. */
  policy(): Promise<string>;
}
