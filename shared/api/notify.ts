import { z } from "zod";

/** Notify channels, in the order the portal shows them. */
export const NOTIFY_CHANNELS = ["email", "sms", "push"] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** "email,sms" → ["email", "sms"] (unknown names dropped, the portal's order). */
export function parseChannels(value: string | null | undefined): NotifyChannel[] {
  const names = (value ?? "").split(",").map((name) => name.trim());
  return NOTIFY_CHANNELS.filter((channel) => names.includes(channel));
}

/** `PUT users/{cf}/terms` (the BFF hashes the terms itself). */
export const TermsAcceptanceSchema = z.object({ accepted_at: z.string(), hashed_terms: z.string() }).loose();
export type TermsAcceptance = z.infer<typeof TermsAcceptanceSchema>;

/** `PUT users/{cf}/contacts` answer. */
export const NotifyContactsSchema = z
  .object({
    user_id: z.string().optional(),
    email: z.string().nullish(),
    sms: z.string().nullish(),
    phone: z.string().nullish(),
    push: z.record(z.string(), z.array(z.string())).nullish(),
    language: z.string().nullish(),
  })
  .loose();
export type NotifyContacts = z.infer<typeof NotifyContactsSchema>;

/** `GET users/{cf}/contacts`: the contacts with the accepted terms. */
export const NotifyProfileSchema = NotifyContactsSchema.extend({
  terms: TermsAcceptanceSchema.nullish(),
});
export type NotifyProfile = z.infer<typeof NotifyProfileSchema>;

/** Body of `PUT users/{cf}/contacts`: `sms` as "0039…", `null` removes it. */
export type NotifyContactsInput = {
  email?: string | null;
  sms?: string | null;
  language?: "it_IT" | "en_GB";
  /** Device tokens per notification service name (the push opt-in adds this browser's). */
  push?: Record<string, string[]>;
};

/** `GET services` (filtered by the BFF on the municipality's tag). */
export const NotifyServiceSchema = z
  .object({ uuid: z.string(), name: z.string(), channels: z.string().nullish(), tags: z.string().nullish() })
  .loose();
export type NotifyService = z.infer<typeof NotifyServiceSchema>;

/** `GET users/{cf}/preferences`. */
export const NotifyPreferenceSchema = z
  .object({ service_name: z.string(), channels: z.string().nullish() })
  .loose();

/** Service name → enabled channels. */
export type NotifyPreferences = Record<string, NotifyChannel[]>;

/** True when a service is listed under "Pagamenti" (tag "ppay"). */
export function isPaymentService(service: NotifyService): boolean {
  return (service.tags ?? "").split(/[,\s]+/).includes("ppay");
}

/** "0039" + the digits typed after "+39" (the Notify format of a mobile number). */
export function toNotifySms(digits: string): string {
  return `0039${digits}`;
}

/** "00393471112233" → "347 111 2233"-free digits "3471112233" (for "+39 …"). */
export function fromNotifySms(sms: string): string {
  return sms.replace(/^(0039|\+39)/, "");
}

export interface NotifyApi {
  /** The informativa, sanitised HTML. */
  getTerms(): Promise<string>;
  /** The citizen's contacts and accepted terms; null when Notify does not know them (404). */
  getContacts(cf: string): Promise<NotifyProfile | null>;
  acceptTerms(cf: string): Promise<TermsAcceptance>;
  updateContacts(cf: string, input: NotifyContactsInput): Promise<NotifyContacts>;
  /** Removes contacts, terms and preferences. */
  deleteUser(cf: string): Promise<void>;
  getServices(): Promise<NotifyService[]>;
  /** Empty when the citizen is unknown to Notify (404). */
  getPreferences(cf: string): Promise<NotifyPreferences>;
  /** Service name → channels; an empty list switches a service off. */
  updatePreferences(cf: string, preferences: NotifyPreferences): Promise<void>;
}
