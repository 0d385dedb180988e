import { createRateLimiter } from "./rate-limiter.ts";

/**
 * How many one-time codes the portal asks the upstream to send (the anonymous assistance request's e-mail code, the
 * profile's e-mail and SMS codes), counted before the upstream is called:
 * - per client address (`req.ip`, as the portal sees it behind `TRUST_PROXY`): `OTP_SEND_PER_CLIENT`, default 10 an
 *   hour, so one visitor cannot turn the portal into a mail or SMS cannon;
 * - per contact (the e-mail, lower-cased, or the phone digits), whoever asks: `OTP_SEND_PER_CONTACT`, default 5 an
 *   hour, so nobody floods one inbox from many addresses.
 * Both per municipality and per process (docs/operations.md, "Security"). There is no municipality-wide cap: it would let one
 * visitor with many addresses lock everyone else out. The limits of one pending request (3 resends, one per 30 s,
 * 5 wrong tries) are `client/lib/otp-guard.server.ts`.
 */
export type OtpSendLimiterOptions = {
  windowMs: number;
  perClient: number;
  perContact: number;
  now?: () => number;
  onLimited?: (event: { tenantId: string; scope: "client" | "contact"; retryAfterS: number }) => void;
  /** Every refused send (the metrics' count). */
  onRefused?: (event: { tenantId: string; scope: "client" | "contact" }) => void;
};

export function normaliseContact(contact: string): string {
  const trimmed = contact.trim();
  return trimmed.includes("@")
    ? trimmed.toLowerCase()
    : trimmed.replace(/\D/g, "").replace(/^(0039|39)(?=\d{9,10}$)/, "");
}

export function createOtpSendLimiter(options: OtpSendLimiterOptions) {
  const common = { windowMs: options.windowMs, perTenant: Number.POSITIVE_INFINITY, now: options.now };
  const byClient = createRateLimiter({
    ...common,
    name: "otp-client",
    perClient: options.perClient,
    onLimited: ({ tenantId, retryAfterS }) => options.onLimited?.({ tenantId, scope: "client", retryAfterS }),
    onRefused: ({ tenantId }) => options.onRefused?.({ tenantId, scope: "client" }),
  });
  const byContact = createRateLimiter({
    ...common,
    name: "otp-contact",
    perClient: options.perContact,
    // The contact itself never reaches the log.
    onLimited: ({ tenantId, retryAfterS }) =>
      options.onLimited?.({ tenantId, scope: "contact", retryAfterS }),
    onRefused: ({ tenantId }) => options.onRefused?.({ tenantId, scope: "contact" }),
  });
  return {
    /** Counts one code sent to `contact` from `client`; refused when either is over its limit. */
    async attempt(
      tenantId: string,
      client: string,
      contact: string,
    ): Promise<{ allowed: true } | { allowed: false; retryAfterS: number }> {
      const own = await byClient.attempt(tenantId, client);
      if (!own.allowed) return { allowed: false, retryAfterS: own.retryAfterS };
      const target = await byContact.attempt(tenantId, normaliseContact(contact));
      if (!target.allowed) return { allowed: false, retryAfterS: target.retryAfterS };
      return { allowed: true };
    },
  };
}

export type OtpSendLimiter = ReturnType<typeof createOtpSendLimiter>;
