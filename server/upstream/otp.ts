import { z } from "zod";
import { AttemptsLeftSchema, OtpTicketSchema, type OtpApi } from "#shared/api/otp.ts";
import { isUpstreamError } from "./errors.ts";
import { callUpstream, type UpstreamRequestContext } from "./http.ts";

/** The BFF's OTP calls, made by the portal's server only (the browser never sees a ticket or a code). */
export function createOtpApi(ctx: UpstreamRequestContext): OtpApi {
  const service = "otp";
  return {
    async request(input) {
      try {
        const res = await callUpstream(ctx, {
          service,
          method: "POST",
          path: "api-public/otp",
          body: input,
          schema: OtpTicketSchema,
        });
        return { ok: true, ticket: res.data };
      } catch (error) {
        if (input.tipoRichiesta === "SMS" && isUpstreamError(error, 403))
          return { ok: false, reason: "sms-limit" };
        throw error;
      }
    },
    async verify({ otp, cf, richiesta }) {
      try {
        await callUpstream(ctx, {
          service,
          path: "api-public/otp/verify",
          query: { otp, cf, richiesta },
          schema: z.unknown(),
        });
        return "valid";
      } catch (error) {
        if (isUpstreamError(error, 403)) return "expired";
        if (isUpstreamError(error, 404)) return "wrong";
        throw error;
      }
    },
    async smsAttemptsLeft(cf) {
      const res = await callUpstream(ctx, {
        service,
        path: "api-public/otp/channels/sms/attempts-left",
        query: { cf },
        schema: AttemptsLeftSchema,
      });
      return res.data.attemptsLeft;
    },
  };
}
