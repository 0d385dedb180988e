import { z } from "zod";
import type { RouterContextProvider } from "react-router";
import { toNotifySms } from "#shared/api/notify.ts";
import type { OtpKind } from "#shared/api/otp.ts";
import { email, matches, maxLength, required, text } from "#shared/validation/rules.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { profileIt } from "./texts.ts";
import type { Translate } from "#client/i18n/i18n-context.tsx";
import { getServices } from "#client/lib/services.ts";
import type { PendingOtp } from "./flow-state.ts";

type Context = Readonly<RouterContextProvider>;

export function emailFormSchema(t: Translate<typeof profileIt>) {
  return z
    .object({
      email: text(required(), email(t("profile.email.invalid")), maxLength(254)),
      emailRepeat: text(required(), email(t("profile.email.invalid")), maxLength(254)),
    })
    .check((ctx) => {
      if (ctx.value.email.toLowerCase() !== ctx.value.emailRepeat.toLowerCase()) {
        ctx.issues.push({
          code: "custom",
          input: ctx.value.emailRepeat,
          path: ["emailRepeat"],
          message: t("profile.email.mismatch"),
        });
      }
    });
}

/** "+39" + 9–10 digits, with the original's messages (spaces are ignored). */
export function phoneText(t: Translate<typeof profileIt>, isRequired: boolean) {
  const checks = [
    matches(/^\d*$/, t("profile.phone.digits")),
    matches(/^(\D*|\d{9,})$/, t("profile.phone.min")),
    matches(/^(\D*|\d{0,10})$/, t("profile.phone.max")),
  ];
  return z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\s+/g, "") : ""),
    text(...(isRequired ? [required(), ...checks] : checks)),
  );
}

export function codeFormSchema(t: Translate<typeof profileIt>) {
  return z.object({ code: text(required(), matches(/^\d{5}$/, t("profile.otp.format"))) });
}

/** The address the code goes to: the e-mail, or "0039" + the phone digits. */
export function otpContact(kind: OtpKind, contact: string): string {
  return kind === "SMS" ? toNotifySms(contact) : contact;
}

/** Asks the upstream for a code; answers the pending verification, or the message to show. */
export async function sendCode(
  context: Context,
  cf: string,
  kind: OtpKind,
  contact: string,
): Promise<{ pending: PendingOtp } | { error: string }> {
  const t = serverT(context, profileIt);
  const { api, log } = getServices(context);
  try {
    const result = await api.otp.request({
      codiceFiscale: cf,
      tipoRichiesta: kind,
      contatto: otpContact(kind, contact),
    });
    if (!result.ok) return { error: t("profile.phone.limit") };
    const { ticket } = result;
    return { pending: { kind, contact, ticket: ticket.id, expires: ticket.expirationDate } };
  } catch (error) {
    log.warn({ err: error }, "otp request failed");
    return { error: t("profile.otp.sendFailed") };
  }
}

/** Checks the code against the pending verification: null when valid, else the message for the code field. */
export async function checkCode(context: Context, cf: string, pending: PendingOtp, code: string) {
  const t = serverT(context, profileIt);
  if (Date.parse(pending.expires) <= Date.now()) return t("profile.otp.expired");
  const outcome = await getServices(context).api.otp.verify({ otp: code, cf, richiesta: pending.ticket });
  if (outcome === "valid") return null;
  return outcome === "expired" ? t("profile.otp.expired") : t("profile.otp.wrong");
}
