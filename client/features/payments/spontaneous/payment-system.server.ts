import type { PortalApi } from "#shared/api/portal-api.ts";

/**
 * The one interface between the spontaneous-payment stepper and a payment system (PPAY or MYPAY). The stepper
 * (routes/payments/spontaneous/*) knows nothing of either upstream; each system maps its own payloads here.
 */
export type PaymentTypeOption = {
  code: string;
  label: string;
  notes?: string;
  notesRequired: boolean;
  /** The highest amount the type accepts, when it sets one (else the portal's `MAX_AMOUNT_CENTS`). */
  maxCents?: number;
};
export type Payer =
  | { kind: "F"; firstName: string; lastName: string; taxCode: string; email: string }
  | { kind: "G"; companyName: string; taxCode: string; email: string };
export type SpontaneousRequest = {
  typeCode: string;
  note?: string;
  amountCents: number;
  payer: Payer;
};
/**
 * A call's result; a failure says whether the upstream may nonetheless have done it (`unsure`: no answer, a timeout,
 * a 5xx), which the creation of a position must know (client/lib/write-once.server.ts).
 */
export type SystemResult<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "not-found" | "rejected" | "unavailable"; detail?: string; unsure?: boolean };
export interface PaymentSystem {
  id: "ppay" | "mypay";
  asset: "PPAY" | "MYPAY";
  listTypes(api: PortalApi): Promise<SystemResult<PaymentTypeOption[]>>;
  payOnline(
    api: PortalApi,
    req: SpontaneousRequest,
  ): Promise<SystemResult<{ iuv: string; paymentUrl: string }>>;
  createNotice(
    api: PortalApi,
    req: SpontaneousRequest,
  ): Promise<SystemResult<{ iuv: string; codiceAvviso: string; pdf: Uint8Array }>>;
}
