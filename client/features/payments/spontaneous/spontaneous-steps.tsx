import { CheckboxField } from "#client/components/ui/choice-fields.tsx";
import type { FieldErrors } from "#shared/validation/form.ts";
import { Callout } from "#client/components/ui/callout.tsx";
import { FlowStepForm, FlowStepNav } from "#client/components/flow/step-form.tsx";
import { Link } from "react-router";
import { FlowStepPage } from "#client/components/flow/step-page.tsx";
import { formFields } from "#client/components/ui/form-fields.ts";
import { TextField } from "#client/components/ui/text-field.tsx";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { formatEuroCents, typedAmount } from "#shared/payments.ts";
import { spontaneousIt } from "./texts.ts";
import { PaymentPolicy } from "../payment-policy.tsx";
import { withQuery } from "#client/lib/links.ts";
import { FROM_SUMMARY_QUERY } from "#client/lib/flow-fields.ts";
import { PayerStep } from "./payer-step.tsx";
import { Buttons, StepForm, type StepProps } from "./step-form.tsx";
import { SPONTANEOUS_STEPS, type SpontaneousStep } from "./steps.ts";
import type { SpontaneousFlowData } from "./spontaneous.server.ts";
import { TypeStep } from "./type-step.tsx";

export type SpontaneousActionData = {
  errors: FieldErrors;
  values: Record<string, string>;
  failed: null | "pay" | "notice" | "types" | "limited" | "pending";
};

const STEP_TITLES = {
  privacy: "payments.spont.step.privacy",
  tipologia: "payments.spont.step.tipologia",
  dati: "payments.spont.step.dati",
  importo: "payments.spont.step.importo",
  riepilogo: "payments.spont.step.riepilogo",
} as const satisfies Record<SpontaneousStep, string>;

/** The stepper of a spontaneous payment: one step per page (`?passo=`), each a plain post that works without JS. */
export function SpontaneousSteps({
  data,
  actionData,
  selfHref,
}: {
  data: SpontaneousFlowData;
  actionData: SpontaneousActionData | undefined;
  /** This page's path (online or notice), for the step links. */
  selfHref: string;
}) {
  const t = useT(spontaneousIt);
  const { step } = data;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values;
  const stepIndex = SPONTANEOUS_STEPS.indexOf(step) + 1;
  const stepLink = (s: SpontaneousStep) => withQuery(selfHref, { passo: s });
  // A step opened from the summary's "Modifica" goes back there, by its form and by "Indietro".
  const backTo = (s: SpontaneousStep) => stepLink(data.fromSummary ? "riepilogo" : s);
  return (
    <FlowStepPage
      steps={SPONTANEOUS_STEPS.map((s) => t(STEP_TITLES[s]))}
      current={stepIndex}
      title={t(STEP_TITLES[step])}
      focusKey={step}
      headingClassName="title-xlarge mt-4 mb-3"
      notices={
        data.restarted ? (
          <Callout title={t("payments.spont.restartedTitle")} variant="warning" titleAs="h2">
            <p className="mb-0">{t("payments.spont.restarted")}</p>
          </Callout>
        ) : null
      }
    >
      {step === "privacy" ? (
        <PrivacyStep data={data} errors={errors} />
      ) : step === "tipologia" ? (
        <TypeStep
          data={data}
          errors={errors}
          values={values}
          failed={actionData?.failed === "types"}
          selfHref={selfHref}
          back={backTo("privacy")}
        />
      ) : step === "dati" ? (
        <PayerStep data={data} errors={errors} values={values} back={backTo("tipologia")} />
      ) : step === "importo" ? (
        <AmountStep data={data} errors={errors} values={values} back={backTo("dati")} />
      ) : (
        <SummaryStep
          data={data}
          failed={actionData?.failed ?? null}
          stepLink={stepLink}
          editLink={(s) => withQuery(selfHref, { passo: s, ...FROM_SUMMARY_QUERY })}
        />
      )}
    </FlowStepPage>
  );
}

function PrivacyStep({ data, errors }: { data: SpontaneousFlowData; errors: FieldErrors }) {
  const t = useT(spontaneousIt);
  const policy = (
    <PaymentPolicy
      policy={data.policy}
      label={t("payments.spont.step.privacy")}
      failedTitle={t("payments.spont.privacyFailed")}
    />
  );
  // The summary's link leads to the box; its message needs no label (the box says what it is).
  const { field, summary } = formFields({ values: {}, errors, labels: { privacy: "" } });
  const { id, name, error } = field("privacy");
  return (
    <StepForm step="privacy" summary={summary} intro={policy}>
      <CheckboxField
        id={id}
        name={name}
        error={error}
        label={t("payments.spont.privacyAccept")}
        defaultChecked={data.state.privacy}
        required
        className="mb-2"
      />
      <Buttons />
    </StepForm>
  );
}

function AmountStep({ data, errors, values, back }: StepProps) {
  const t = useT(spontaneousIt);
  const locale = useLocale();
  const saved = data.state.amountCents;
  const { field, summary } = formFields({
    values: { amount: values?.amount ?? (saved ? typedAmount(saved, locale) : "") },
    errors,
    labels: { amount: t("payments.spont.amount.label") },
  });
  const amount = field("amount");
  return (
    <StepForm step="importo" summary={summary}>
      <div className="col-12 col-md-6 px-0">
        <TextField
          {...amount}
          label={`${amount.label} (€)`}
          inputMode="decimal"
          autoComplete="off"
          hint={t("payments.spont.amount.hint")}
          required
        />
      </div>
      <Buttons back={back} />
    </StepForm>
  );
}

type SummaryStepProps = {
  data: SpontaneousFlowData;
  failed: SpontaneousActionData["failed"];
  stepLink: (s: SpontaneousStep) => string;
  /** A step's "Modifica": its address, saying it was opened from the summary (its form comes back here). */
  editLink: (s: SpontaneousStep) => string;
};

/** The summary: what failed last time, the facts with their "Modifica", then "Paga" (or "Genera l'avviso"). */
function SummaryStep({ data, failed, stepLink, editLink }: SummaryStepProps) {
  const t = useT(spontaneousIt);
  const online = data.mode === "online";
  return (
    <>
      <SummaryFailure failed={failed} />
      <SummaryFacts data={data} editLink={editLink} />
      <FlowStepForm intent="paga">
        <FlowStepNav
          variant="inline"
          className="d-flex flex-wrap gap-3"
          backHref={stepLink("importo")}
          backLabel={t("payments.spont.back")}
          submitLabel={online ? t("payments.spont.pay") : t("payments.spont.generate")}
          busyLabel={online ? t("payments.spont.paying") : t("payments.spont.generating")}
        />
      </FlowStepForm>
    </>
  );
}

function SummaryFailure({ failed }: { failed: SpontaneousActionData["failed"] }) {
  const t = useT(spontaneousIt);
  if (failed === "limited") {
    return (
      <div role="alert" className="mb-4">
        <Callout variant="danger" title={t("payments.spont.limited")}>
          <p className="mb-0">{t("payments.spont.limitedText")}</p>
        </Callout>
      </div>
    );
  }
  if (failed === "pending") {
    return (
      <div role="alert" className="mb-4">
        <Callout variant="warning" title={t("payments.spont.pendingTitle")}>
          <p className="mb-0">{t("payments.spont.pending")}</p>
        </Callout>
      </div>
    );
  }
  if (failed !== "pay" && failed !== "notice") return null;
  return (
    <div role="alert" className="mb-4">
      <Callout
        variant="danger"
        title={failed === "pay" ? t("payments.spont.payFailed") : t("payments.spont.noticeFailed")}
      >
        <p className="mb-0">{t("payments.spont.retry")}</p>
      </Callout>
    </div>
  );
}

/** One card: the payment, the payer and the amount, each with its "Modifica" back to its step. */
function SummaryFacts({ data, editLink }: Pick<SummaryStepProps, "data" | "editLink">) {
  const t = useT(spontaneousIt);
  const locale = useLocale();
  const { state } = data;
  const heading = (s: SpontaneousStep, section: string) => (
    <div className="d-flex justify-content-between align-items-baseline">
      <h3 className="h5">{section}</h3>
      <Link
        className="btn btn-link p-0"
        to={editLink(s)}
        aria-label={t("payments.spont.summary.editLabel", { section })}
      >
        {t("payments.spont.summary.edit")}
      </Link>
    </div>
  );
  return (
    <div className="card card-bg shadow-sm rounded mb-4">
      <div className="card-body">
        {heading("tipologia", t("payments.spont.summary.payment"))}
        <dl className="payment-facts mb-4">
          <dt>{t("payments.spont.summary.type")}</dt>
          <dd>{state.type?.label}</dd>
          {state.note ? (
            <>
              <dt>{t("payments.spont.summary.note")}</dt>
              <dd>{state.note}</dd>
            </>
          ) : null}
        </dl>
        {heading("dati", t("payments.spont.summary.payer"))}
        <PayerFacts data={data} />
        {heading("importo", t("payments.spont.summary.due"))}
        <p className="h4 mb-0" data-element="payment-amount">
          {state.amountCents ? formatEuroCents(state.amountCents, locale) : null}
        </p>
      </div>
    </div>
  );
}

function PayerFacts({ data }: { data: SpontaneousFlowData }) {
  const t = useT(spontaneousIt);
  const { state } = data;
  const payer = state.payer;
  if (!payer) return null;
  return (
    <dl className="payment-facts mb-4">
      {payer.kind === "F" ? (
        <>
          <dt>{t("payments.spont.payer.firstName")}</dt>
          <dd>{payer.firstName}</dd>
          <dt>{t("payments.spont.payer.lastName")}</dt>
          <dd>{payer.lastName}</dd>
        </>
      ) : (
        <>
          <dt>{t("payments.spont.payer.companyName")}</dt>
          <dd>{payer.companyName}</dd>
        </>
      )}
      <dt>{t("payments.spont.payer.taxCode")}</dt>
      <dd>{state.noTaxId ? t("payments.spont.payer.noTaxIdShown") : payer.taxCode}</dd>
      <dt>{t("payments.spont.payer.email")}</dt>
      <dd>{payer.email}</dd>
    </dl>
  );
}
