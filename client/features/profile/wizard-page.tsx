import { FormError } from "#client/components/ui/field-parts.tsx";
import type { ReactNode } from "react";
import { CheckboxField } from "#client/components/ui/choice-fields.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { formFields, type FieldBinding } from "#client/components/ui/form-fields.ts";
import { SummarySection } from "#client/components/flow/flow-summary.tsx";
import { FlowStepForm, FlowStepNav } from "#client/components/flow/step-form.tsx";
import { FlowStepPage } from "#client/components/flow/step-page.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import { profileIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import type { PendingOtp } from "./flow-state.ts";
import { WIZARD_STEP_TITLES, WIZARD_STEPS, type WizardStep } from "./steps.ts";
import { OtpForm } from "./otp-form.tsx";
import { PreferencesFields } from "./preferences-fields.tsx";
import type { PreferenceGroups } from "./preferences.ts";
import { ProfileLayout } from "./profile-layout.tsx";

export type WizardData = {
  step: WizardStep;
  identity: { nome: string; cognome: string; codFisc: string };
  accepted: boolean;
  email: string;
  phone: string;
  verifiedEmail: string | null;
  verifiedPhone: string | null;
  pending: PendingOtp | null;
  resent: boolean;
  /** The pending verification was discarded after too many wrong codes. */
  cancelled: boolean;
  /** The state found was not to be trusted (another owner's, tampered): the wizard started again. */
  restarted: boolean;
  terms: string | null;
  termsFailed: boolean;
  groups: PreferenceGroups | null;
  attemptsLeft: number | null;
};

export type WizardActionData = { errors: Partial<Record<string, string>>; values: Record<string, unknown> };

const wizardPath = href("/area-personale/profilo-utente/componi");
const stepHref = (step: WizardStep) => withQuery(wizardPath, { passo: step });

function value(values: Record<string, unknown> | undefined, name: string, fallback: string): string {
  const typed = values?.[name];
  return typeof typed === "string" ? typed : fallback;
}

/** Step 1: the terms to read (or why they could not be loaded) and the acceptance. */
function PrivacyStep({ data, action }: { data: WizardData; action?: WizardActionData }) {
  const t = useT(profileIt);
  const lang = useContentLang();
  // The summary's link leads to the box; its message needs no label (the box says what it is).
  const { field, summary: acceptSummary } = formFields({
    idPrefix: "privacy",
    values: {},
    errors: action?.errors ?? {},
    labels: { accept: "" },
  });
  const accept = field("accept");
  const terms = data.termsFailed ? (
    <div className="alert alert-danger" role="alert">
      {t("profile.terms.loadFailed")}
    </div>
  ) : (
    <div
      className="profile-terms border rounded p-3 mb-4"
      // Sanitised by the server (server/upstream/notify.ts).
      lang={lang}
      dangerouslySetInnerHTML={{ __html: data.terms ?? "" }}
    />
  );
  return (
    <FlowStepForm action={stepHref("informativa")} intent="privacy" errors={acceptSummary} intro={terms}>
      <CheckboxField
        id={accept.id}
        name={accept.name}
        value="on"
        label={t("profile.wizard.accept")}
        defaultChecked={data.accepted}
        required
        error={accept.error}
        className="mb-4"
      />
      <SubmitButton disabled={data.termsFailed}>{t("profile.wizard.next")}</SubmitButton>
    </FlowStepForm>
  );
}

/** "Indietro" to the step before and "Avanti", side by side. */
function WizardNav({
  back,
  submitLabel,
  className,
}: {
  back: WizardStep;
  submitLabel: string;
  className?: string;
}) {
  const t = useT(profileIt);
  return (
    <FlowStepNav
      variant="inline"
      backHref={stepHref(back)}
      backLabel={t("profile.wizard.back")}
      submitLabel={submitLabel}
      className={className}
    />
  );
}

/** Step 2: e-mail (twice) and phone; once sent, the code of each new contact (`OtpForm`). */
function ContactsStep({ data, action }: { data: WizardData; action?: WizardActionData }) {
  const t = useT(profileIt);
  const errors = action?.errors ?? {};
  if (data.pending) {
    return (
      <OtpForm
        pending={data.pending}
        action={stepHref("contatti")}
        errors={errors}
        attemptsLeft={data.pending.kind === "SMS" ? data.attemptsLeft : undefined}
        resent={data.resent}
      />
    );
  }
  const intro = (
    <>
      <FormError message={errors.form ?? (data.cancelled ? t("profile.otp.tooManyTries") : undefined)} />
      <Callout variant="warning" title={t("profile.email.mandatory")}>
        <p className="mb-0">{t("profile.email.codeNotice")}</p>
      </Callout>
      {data.verifiedEmail ? (
        <p role="status">{t("profile.otp.verified", { contact: data.verifiedEmail })}</p>
      ) : null}
    </>
  );
  const values = action?.values;
  const { field, summary } = formFields({
    idPrefix: "wizard",
    values: {
      email: value(values, "email", data.email),
      emailRepeat: value(values, "emailRepeat", data.verifiedEmail ?? ""),
      phone: value(values, "phone", data.phone),
    },
    errors,
    labels: {
      email: t("profile.email.label"),
      emailRepeat: t("profile.email.repeat"),
      phone: t("profile.phone.labelRequired"),
    },
  });
  return (
    <FlowStepForm action={stepHref("contatti")} intent="contacts" errors={summary} intro={intro}>
      <ContactFields field={field} />
      <WizardNav
        back="informativa"
        submitLabel={t("profile.wizard.next")}
        className="d-flex flex-wrap gap-3"
      />
    </FlowStepForm>
  );
}

/** The contacts step's fields, filled with what was posted, else the citizen's contacts. */
function ContactFields({ field }: { field: (name: "email" | "emailRepeat" | "phone") => FieldBinding }) {
  const t = useT(profileIt);
  return (
    <>
      <TextField {...field("email")} type="email" autoComplete="email" required />
      <TextField {...field("emailRepeat")} type="email" autoComplete="email" required />
      <TextField
        {...field("phone")}
        // The summary says "Numero di telefono mobile"; the field, that it may be left empty.
        label={t("profile.phone.label")}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint={t("profile.phone.hint")}
      />
    </>
  );
}

/** Step 3: the channels of each kind of notice. */
function PreferencesStep({ data }: { data: WizardData }) {
  const t = useT(profileIt);
  return (
    <FlowStepForm action={stepHref("preferenze")} intent="preferences">
      <p>{t("profile.preferences.lead")}</p>
      {data.groups ? <PreferencesFields groups={data.groups} /> : null}
      <WizardNav back="contatti" submitLabel={t("profile.wizard.next")} className="d-flex flex-wrap gap-3" />
    </FlowStepForm>
  );
}

/** A summary card with its "Modifica" back to its step ("Modifica Contatti"). */
function WizardSummarySection({ step, children }: { step: WizardStep; children: ReactNode }) {
  const t = useT(profileIt);
  return (
    <SummarySection
      title={t(WIZARD_STEP_TITLES[step])}
      editHref={stepHref(step)}
      editLabel={t("profile.wizard.edit")}
      editClassName=""
      className="card card-bg mb-3"
      bodyClassName="card-body"
      headerClassName="d-flex justify-content-between align-items-start gap-3"
      titleClassName="h5 card-title"
    >
      {children}
    </SummarySection>
  );
}

/** Step 4: what the profile will be, each part with its "Modifica", and the confirmation. */
function SummaryStep({ data, action }: { data: WizardData; action?: WizardActionData }) {
  const t = useT(profileIt);
  const rows = data.groups ? [...data.groups.general, ...data.groups.payments] : [];
  const enabled = rows.filter((row) => row.enabled.length > 0);
  return (
    <>
      <FormError message={action?.errors.form} />
      <WizardSummarySection step="informativa">
        <p className="mb-0">{t("profile.wizard.summaryPrivacy")}</p>
      </WizardSummarySection>
      <WizardSummarySection step="contatti">
        <dl className="mb-0">
          <dt>{t("profile.email.label")}</dt>
          <dd>{data.verifiedEmail}</dd>
          <dt>{t("profile.contacts.phone")}</dt>
          <dd className="mb-0">
            {data.verifiedPhone ? `+39 ${data.verifiedPhone}` : t("profile.wizard.summaryNoPhone")}
          </dd>
        </dl>
      </WizardSummarySection>
      <WizardSummarySection step="preferenze">
        {enabled.length === 0 ? (
          <p className="mb-0">{t("profile.wizard.summaryNoPreferences")}</p>
        ) : (
          <ul className="mb-0">
            {enabled.map((row) => (
              <li key={row.name}>
                {row.title}: {row.enabled.map((c) => t(`profile.channel.${c}`)).join(", ")}
              </li>
            ))}
          </ul>
        )}
      </WizardSummarySection>
      <FlowStepForm action={stepHref("riepilogo")} intent="confirm">
        <WizardNav back="preferenze" submitLabel={t("profile.wizard.confirm")} />
      </FlowStepForm>
    </>
  );
}

/** The profile wizard: stepper, the current step's heading and form. */
export function WizardPage({ data, action }: { data: WizardData; action?: WizardActionData }) {
  const t = useT(profileIt);
  const titles = WIZARD_STEPS.map((step) => t(WIZARD_STEP_TITLES[step]));
  const current = WIZARD_STEPS.indexOf(data.step) + 1;
  return (
    <ProfileLayout {...data.identity} title={t("profile.composeTitle")}>
      <FlowStepPage
        steps={titles}
        current={current}
        title={t(WIZARD_STEP_TITLES[data.step])}
        // A code sent (or the next contact's) is a new step too: the same heading, a new form under it.
        focusKey={`${data.step}:${data.pending?.kind ?? ""}`}
        notices={
          data.restarted ? (
            <Callout title={t("profile.wizard.restartedTitle")} variant="warning" titleAs="h2">
              <p className="mb-0">{t("profile.wizard.restarted")}</p>
            </Callout>
          ) : null
        }
      >
        {data.step === "informativa" ? <PrivacyStep data={data} action={action} /> : null}
        {data.step === "contatti" ? <ContactsStep data={data} action={action} /> : null}
        {data.step === "preferenze" ? <PreferencesStep data={data} /> : null}
        {data.step === "riepilogo" ? <SummaryStep data={data} action={action} /> : null}
      </FlowStepPage>
    </ProfileLayout>
  );
}
