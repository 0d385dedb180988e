import { z } from "zod";

export type OtpKind = "EMAIL" | "SMS";

/** `POST /api-public/otp` as the portal reads it: never a code (ours does not send one; the BFF's would be dropped). */
export const OtpTicketSchema = z
  .object({
    id: z.union([z.number(), z.string()]).transform(String),
    expirationDate: z.string(),
    tipoRichiesta: z.enum(["EMAIL", "SMS"]),
  })
  .transform(({ id, expirationDate, tipoRichiesta }) => ({ id, expirationDate, tipoRichiesta }));
export type OtpTicket = z.output<typeof OtpTicketSchema>;

export const AttemptsLeftSchema = z.object({ attemptsLeft: z.number().int() }).loose();

export type OtpRequestResult = { ok: true; ticket: OtpTicket } | { ok: false; reason: "sms-limit" };
export type OtpVerifyResult = "valid" | "expired" | "wrong";

export interface OtpApi {
  request(input: {
    codiceFiscale: string;
    tipoRichiesta: OtpKind;
    contatto: string;
  }): Promise<OtpRequestResult>;
  /** `richiesta`: the kind the code was asked for (the BFF's enum `TipoRichiestaOTP`). */
  verify(input: { otp: string; cf: string; richiesta: OtpKind }): Promise<OtpVerifyResult>;
  smsAttemptsLeft(cf: string): Promise<number>;
}
