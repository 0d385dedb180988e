import { Form } from "react-router";
import { ErrorSummary } from "#client/components/ui/error-summary.tsx";
import { formFields } from "#client/components/ui/form-fields.ts";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { OneTimeCodeField } from "#client/components/ui/one-time-code-field.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { profileIt } from "./texts.ts";
import type { PendingOtp } from "./flow-state.ts";
import { OtpCountdown } from "./otp-countdown.tsx";

export type OtpFormProps = {
  pending: PendingOtp;
  /** Where the forms post (the page's own action). */
  action: string;
  errors?: Partial<Record<string, string>>;
  /** SMS only: how many codes the citizen may still ask for today. */
  attemptsLeft?: number | null;
  resent?: boolean;
};

/** "Abbiamo inviato il codice…", the 5-digit code form, the time left, "Invia un nuovo codice", change contact. */
export function OtpForm({ pending, action, errors = {}, attemptsLeft, resent }: OtpFormProps) {
  const t = useT(profileIt);
  const shown = pending.kind === "SMS" ? `+39 ${pending.contact}` : pending.contact;
  // A wrong or expired code is not shown again: the citizen types the new one.
  const { field, summary } = formFields({
    idPrefix: "otp",
    values: {},
    errors,
    labels: { code: t("profile.otp.label") },
  });
  const canResend = pending.kind === "EMAIL" || attemptsLeft === undefined || (attemptsLeft ?? 1) > 0;
  return (
    <div className="otp-verification">
      <p role="status">
        {pending.kind === "EMAIL"
          ? t("profile.otp.sentEmail", { contact: shown })
          : t("profile.otp.sentSms", { contact: shown })}
        {resent ? ` ${t("profile.otp.resent")}` : null}
      </p>
      <ErrorSummary items={summary} />
      {errors.form ? (
        <div className="alert alert-danger" role="alert">
          {errors.form}
        </div>
      ) : null}
      <OtpCountdown expires={pending.expires} />
      <Form method="post" action={action} noValidate>
        <XsrfField />
        <input type="hidden" name="intent" value="verify" />
        <OneTimeCodeField {...field("code")} hint={t("profile.otp.hint")} />
        <SubmitButton>{t("profile.otp.verify")}</SubmitButton>
      </Form>
      {pending.kind === "SMS" && attemptsLeft !== undefined && attemptsLeft !== null ? (
        <p className="mt-3 mb-2">
          {attemptsLeft > 0
            ? t("profile.phone.attempts", { count: attemptsLeft })
            : t("profile.phone.noAttempts")}
        </p>
      ) : null}
      <div className="d-flex flex-wrap gap-3 mt-3">
        {canResend ? (
          <Form method="post" action={action}>
            <XsrfField />
            <input type="hidden" name="intent" value="resend" />
            <SubmitButton className="btn btn-outline-primary">{t("profile.otp.resend")}</SubmitButton>
          </Form>
        ) : null}
        <Form method="post" action={action}>
          <XsrfField />
          <input type="hidden" name="intent" value="change" />
          <SubmitButton className="btn btn-link">{t("profile.otp.changeContact")}</SubmitButton>
        </Form>
      </div>
    </div>
  );
}
