import { z } from "zod";
import { ONE_TIME_CODE_PATTERN } from "#shared/validation/one-time-code.ts";
import type { RouterContextProvider } from "react-router";
import { toNotifySms } from "#shared/api/notify.ts";
import type { OtpKind } from "#shared/api/otp.ts";
import { email, matches, maxLength, required, text } from "#shared/validation/rules.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { profileIt } from "./texts.ts";
import type { Translate } from "#client/i18n/i18n-context.tsx";
import { getServices } from "#client/lib/services.ts";
import type { PendingOtp } from "./flow-state.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { otpGuard } from "#client/lib/otp-guard.server.ts";
import { newTransientKey } from "#client/lib/transient-store.server.ts";

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
  return z.object({ code: text(required(), matches(ONE_TIME_CODE_PATTERN, t("profile.otp.format"))) });
}

/** The address the code goes to: the e-mail, or "0039" + the phone digits. */
export function otpContact(kind: OtpKind, contact: string): string {
  return kind === "SMS" ? toNotifySms(contact) : contact;
}

/**
 * Asks the upstream for a code: the first one of a new pending verification (a new contact is a new one), or a resend
 * of `previous` within the guard's limits; then the per-client and per-contact sending limits. Answers the pending
 * verification, or the message to show.
 */
export async function sendCode(
  context: Context,
  cf: string,
  kind: OtpKind,
  contact: string,
  previous?: PendingOtp,
): Promise<{ pending: PendingOtp } | { error: string; status: number }> {
  const t = serverT(context, profileIt);
  const { api, log, otp } = getServices(context);
  const ref = previous?.ref ?? newTransientKey();
  // An e-mail code would also let an anonymous request naming this fiscal code through: recorded (see the guard).
  const send = await otpGuard.beginSend(ref, { cf, kind, contact }, { hold: kind === "EMAIL" });
  if (!send.ok) {
    if (send.reason === "wait")
      return { error: t("profile.otp.resendWait", { count: send.waitS }), status: 429 };
    if (send.reason === "resends") return { error: t("profile.otp.resendLimit"), status: 429 };
    return { error: t("profile.otp.noCode"), status: 400 };
  }
  const limit = await otp.attemptSend(otpContact(kind, contact));
  if (!limit.allowed) {
    await send.undo();
    return { error: t("profile.otp.sendLimit", { count: Math.ceil(limit.retryAfterS / 60) }), status: 429 };
  }
  try {
    const result = await api.otp.request({
      codiceFiscale: cf,
      tipoRichiesta: kind,
      contatto: otpContact(kind, contact),
    });
    if (!result.ok) {
      await send.undo();
      return { error: t("profile.phone.limit"), status: 400 };
    }
    const { ticket } = result;
    return { pending: { kind, contact, ticket: ticket.id, expires: ticket.expirationDate, ref } };
  } catch (error) {
    await send.undo();
    log.warn({ err: error }, "otp request failed");
    return { error: t("profile.otp.sendFailed"), status: 400 };
  }
}

export type CodeProblem = { field: "code" | "form"; message: string; discarded: boolean; status: number };

/**
 * Checks the code against the pending verification: null when valid, else what to say. Wrong tries are counted by the
 * guard before the upstream is asked; the last one discards the pending verification. An upstream outage is not a
 * wrong try: it says the service is down and keeps the step.
 */
export async function checkCode(
  context: Context,
  cf: string,
  pending: PendingOtp,
  code: string,
): Promise<CodeProblem | null> {
  const t = serverT(context, profileIt);
  const { api, log } = getServices(context);
  if (Date.parse(pending.expires) <= Date.now())
    return { field: "code", message: t("profile.otp.expired"), discarded: false, status: 400 };
  const attempt = pending.ref
    ? await otpGuard.beginTry(pending.ref, { cf, kind: pending.kind, contact: pending.contact })
    : ({ ok: false, reason: "unknown" } as const);
  if (!attempt.ok) {
    // The same code, already found valid (a double click whose first post went through): as valid.
    if (attempt.reason === "verified") return null;
    if (attempt.reason === "exhausted") {
      return { field: "form", message: t("profile.otp.tooManyTries"), discarded: true, status: 400 };
    }
    return { field: "code", message: t("profile.otp.noCode"), discarded: false, status: 400 };
  }
  let outcome;
  try {
    // `richiesta` is the request's kind (the BFF's TipoRichiestaOTP, EMAIL or SMS), never the row's id.
    outcome = await api.otp.verify({ otp: code, cf, richiesta: pending.kind });
  } catch (error) {
    await attempt.done("outage");
    if (!isUpstreamFailure(error) || isUpstreamFailure(error, 401)) throw error;
    log.warn({ err: error }, "otp verification failed");
    return { field: "form", message: t("profile.otp.unavailable"), discarded: false, status: 502 };
  }
  if (outcome === "valid") {
    await attempt.done("valid");
    return null;
  }
  if (outcome === "expired") {
    if ((await attempt.done("outage")).verified) return null;
    return { field: "code", message: t("profile.otp.expired"), discarded: false, status: 400 };
  }
  const { discarded, left, verified } = await attempt.done("wrong");
  // Spent by another submission of the same request that found it valid: not the citizen's mistake.
  if (verified) return null;
  if (discarded)
    return { field: "form", message: t("profile.otp.tooManyTries"), discarded: true, status: 400 };
  return { field: "code", message: t("profile.otp.wrong", { left }), discarded: false, status: 400 };
}
