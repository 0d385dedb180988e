import type { ReactNode, Ref } from "react";
import { Link } from "react-router";
import { FlowStepForm } from "#client/components/flow/step-form.tsx";
import { FormError } from "#client/components/ui/field-parts.tsx";
import { formFields } from "#client/components/ui/form-fields.ts";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { OneTimeCodeField } from "#client/components/ui/one-time-code-field.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import type { FieldErrors } from "#shared/validation/form.ts";
import { AssistanceLayout } from "./assistance-layout.tsx";
import { assistanceIt } from "./texts.ts";

// The anonymous request's second step (its server side: verify.server.ts): the e-mail code that confirms the request.

export type VerifyData = {
  step: "verify";
  anonymous: true;
  /** `request`: which request the code's form confirms (verify.server.ts `requestDigest`). */
  verify: { email: string; sent: boolean; resent: boolean; request: string };
};

/** One button posting one `intent` (send the code again, cancel...): a form of its own, as without JavaScript. */
function IntentForm({
  intent,
  className,
  children,
}: {
  intent: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FlowStepForm>
      <SubmitButton name="intent" value={intent} className={className}>
        {children}
      </SubmitButton>
    </FlowStepForm>
  );
}

/** The anonymous request's e-mail code: ask for it, type it, send the request. */
export function VerifyStep({
  data,
  action,
  headingRef,
}: {
  data: VerifyData;
  action?: { errors?: FieldErrors; expired?: boolean };
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const t = useT(assistanceIt);
  const errors = action?.errors ?? {};
  const { email, sent, resent, request } = data.verify;
  return (
    <AssistanceLayout title={t("assistance.verify.title")} headingRef={headingRef}>
      <FormError message={errors.form}>
        {action?.expired ? (
          <>
            {" "}
            <Link to={href("/nuova-richiesta")}>{t("assistance.feedback.newRequest")}</Link>
          </>
        ) : null}
      </FormError>
      {sent ? (
        <CodeEntry email={email} resent={resent} request={request} error={errors.codice} />
      ) : (
        <CodeOffer email={email} />
      )}
    </AssistanceLayout>
  );
}

/** Before the code is sent: where it will go, "Annulla" or "Invia il codice". */
function CodeOffer({ email }: { email: string }) {
  const t = useT(assistanceIt);
  return (
    <>
      <p>{t("assistance.verify.intro", { email })}</p>
      <div className="d-flex flex-wrap gap-3">
        <IntentForm intent="annulla" className="btn btn-outline-primary">
          {t("assistance.verify.cancel")}
        </IntentForm>
        <IntentForm intent="codice">{t("assistance.verify.confirm")}</IntentForm>
      </div>
    </>
  );
}

/** The code sent: type it and send the request, or have it sent again, or cancel. */
function CodeEntry({
  email,
  resent,
  request,
  error,
}: {
  email: string;
  resent: boolean;
  request: string;
  error?: string;
}) {
  const t = useT(assistanceIt);
  const { field, summary } = formFields({
    idPrefix: "richiesta",
    values: {},
    errors: { codice: error },
    labels: { codice: t("assistance.verify.code") },
  });
  return (
    <>
      <p role="status">
        {t("assistance.verify.sent", { email })}
        {resent ? ` ${t("assistance.verify.resent")}` : null}
      </p>
      <FlowStepForm errors={summary}>
        <input type="hidden" name="richiesta" value={request} />
        <OneTimeCodeField {...field("codice")} hint={t("assistance.verify.codeHint")} />
        <SubmitButton name="intent" value="verifica">
          {t("assistance.verify.submit")}
        </SubmitButton>
      </FlowStepForm>
      <div className="d-flex flex-wrap gap-3 mt-3">
        <IntentForm intent="reinvia" className="btn btn-outline-primary">
          {t("assistance.verify.resend")}
        </IntentForm>
        <IntentForm intent="annulla" className="btn btn-link">
          {t("assistance.verify.cancel")}
        </IntentForm>
      </div>
    </>
  );
}
