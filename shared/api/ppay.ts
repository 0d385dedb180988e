import { z } from "zod";
import { NoticeTextSchema } from "./notice-text.ts";
import { pageAnswer } from "./rows.ts";

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
export const DebtPositionPageSchema = pageAnswer(
  ["debtPositions", "totalElements"],
  z
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
    .loose(),
);
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
export const PpayPolicySchema = NoticeTextSchema;

/** The IUV's shape (contract §6: 17–35 digits). */
export const IUV_PATTERN = /^\d{17,35}$/;

/** One spontaneous payment type (`PaymentType` of CITFAC-PPAY.yaml). */
export const PaymentTypeSchema = z
  .object({
    codiceVersamento: z.string().min(1),
    descrizioneVersamento: z.string(),
    notePerIlPagatore: z.string().nullish(),
    noteObbligatorie: z.boolean().nullish(),
  })
  .loose();
export type PaymentType = z.infer<typeof PaymentTypeSchema>;

/** `GET /api-public/ppay/paymenttypes`: `Page & { paymentTypes }`. */
export const PaymentTypePageSchema = z
  .object({
    paymentTypes: z
      .array(PaymentTypeSchema)
      .nullish()
      .transform((v) => v ?? []),
  })
  .loose()
  .transform((v) => v.paymentTypes);

/** `POST /api-public/ppay/paymenttypes/{codiceVersamento}/payment` (201): the new position and its checkout URL. */
export const SpontaneousPaymentSchema = z
  .object({ iuv: z.string().regex(/^\d{17,35}$/), paymentUrl: z.url({ protocol: /^https?$/ }) })
  .loose();

/** `POST /api-public/ppay/citizens/{cf}/paymenttypes/{type}/debtpositions` (201): the notice, PDF as base64. */
export const SpontaneousNoticeSchema = z
  .object({ iuv: z.string().regex(/^\d{17,35}$/), codiceAvviso: z.string().regex(/^\d{18}$/), pdf: base64 })
  .loose();

/** The body of both spontaneous calls (contract §6); `importo` in euro. */
export type SpontaneousPaymentBody = {
  note?: string;
  importo: number;
  nome?: string;
  cognome?: string;
  ragioneSociale?: string;
  codiceFiscalePartitaIVAPagatore: string;
  email?: string;
};

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
  /**
   * The pagoPA payment URL of an unpaid position (the checkout comes back to the address PiemontePay has configured
   * for the municipality: no request carries it).
   */
  paymentUrl(iuv: string): Promise<string>;
  /**
   * The payer's position with this IUV through the public path (`/api-public/ppay/citizens/{cf}/debtpositions?iuv=`,
   * a BFF extension): for the browser that paid it, anonymous included; null when there is none.
   */
  payerPosition(taxCode: string, iuv: string): Promise<DebtPosition | null>;
  /** The receipt PDF of that position through the public path (404 while there is none). */
  payerReceipt(taxCode: string, iuv: string): Promise<Uint8Array>;
  /** The PPAY privacy notice, sanitised HTML. */
  policy(): Promise<string>;
  /** The municipality's spontaneous payment types (public). */
  paymentTypes(): Promise<PaymentType[]>;
  /** Creates a spontaneous position and answers its pagoPA URL (no idempotency upstream: see write-once). */
  spontaneousPayment(
    typeCode: string,
    body: SpontaneousPaymentBody,
  ): Promise<{ iuv: string; paymentUrl: string }>;
  /** Creates a spontaneous position for the payer's tax code and answers its notice PDF. */
  spontaneousNotice(
    typeCode: string,
    body: SpontaneousPaymentBody,
  ): Promise<{ iuv: string; codiceAvviso: string; pdf: Uint8Array }>;
}
