import { useState, type ReactNode } from "react";
import { CheckboxField } from "#client/components/ui/choice-fields.tsx";
import { Form, Link, useLocation } from "react-router";
import type { FieldErrors } from "#shared/validation/form.ts";
import { Callout } from "#client/components/ui/callout.tsx";
import { errorSummaryItems } from "#client/components/ui/error-summary.tsx";
import { FlowStepForm, FlowStepNav } from "#client/components/flow/step-form.tsx";
import { FlowStepPage } from "#client/components/flow/step-page.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { TextareaField } from "#client/components/ui/textarea-field.tsx";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { spontaneousIt } from "./texts.ts";
import { PaymentPolicy } from "../payment-policy.tsx";
import { withQuery } from "#client/lib/links.ts";
import { FROM_SUMMARY, FROM_SUMMARY_QUERY, isOpenedFromSummary } from "#client/lib/flow-fields.ts";
import { SPONTANEOUS_STEPS, type SpontaneousStep } from "./steps.ts";
import type { SpontaneousFlowData } from "./spontaneous.server.ts";

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

/** A step's form: its error summary ("Correggi gli errori"), then the post carrying the step's `intent`. */
function StepForm(props: {
  step: string;
  errors: FieldErrors;
  fields: Record<string, { id: string; label?: string }>;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const t = useT(spontaneousIt);
  const location = useLocation();
  return (
    <FlowStepForm
      intent={props.step}
      returnToSummary={isOpenedFromSummary(new URLSearchParams(location.search))}
      errors={errorSummaryItems(props.errors, props.fields)}
      errorsTitle={t("payments.spont.errorsTitle")}
      intro={props.intro}
    >
      {props.children}
    </FlowStepForm>
  );
}

function Buttons({ back }: { back?: string }) {
  const t = useT(spontaneousIt);
  return (
    <FlowStepNav
      variant="inline"
      backHref={back}
      backLabel={t("payments.spont.back")}
      submitLabel={t("payments.spont.next")}
    />
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
  return (
    <StepForm step="privacy" errors={errors} fields={{ privacy: { id: "privacy" } }} intro={policy}>
      <CheckboxField
        id="privacy"
        name="privacy"
        label={t("payments.spont.privacyAccept")}
        defaultChecked={data.state.privacy}
        required
        error={errors.privacy}
        className="mb-2"
      />
      <Buttons />
    </StepForm>
  );
}

type TypeStepProps = {
  data: SpontaneousFlowData;
  errors: FieldErrors;
  values: Record<string, string> | undefined;
  failed: boolean;
  selfHref: string;
  /** "Indietro": the privacy step, or the summary when opened from its "Modifica". */
  back: string;
};

function TypeStep({ data, errors, values, failed, selfHref, back }: TypeStepProps) {
  const t = useT(spontaneousIt);
  const chosenCode = values?.typeCode ?? data.state.type?.code ?? "";
  const [selected, setSelected] = useState(chosenCode);
  const chosen = data.allTypes.find((type) => type.code === selected);
  const shown =
    data.types.some((type) => type.code === selected) || !chosen ? data.types : [chosen, ...data.types];
  if (data.typesFailed || failed) {
    return (
      <div role="alert">
        <Callout variant="danger" title={t("payments.spont.type.loadFailed")}>
          <p className="mb-0">{t("common.retryLater")}</p>
        </Callout>
      </div>
    );
  }
  return (
    <StepForm
      step="tipologia"
      errors={errors}
      fields={{
        typeCode: { id: "typeCode", label: t("payments.spont.type.label") },
        note: { id: "note", label: t("payments.spont.type.note") },
      }}
      intro={<TypeSearch data={data} selfHref={selfHref} />}
    >
      <SelectField
        name="typeCode"
        id="typeCode"
        label={t("payments.spont.type.label")}
        placeholder={t("payments.spont.type.placeholder")}
        options={shown.map((type) => ({ value: type.code, label: type.label }))}
        value={selected}
        onChange={(event) => setSelected(event.currentTarget.value)}
        required
        error={errors.typeCode}
      />
      {chosen?.notes ? (
        <div className="mb-4" aria-live="polite">
          <Callout variant="info" title={t("payments.spont.type.notes")}>
            <p className="mb-0">{chosen.notes}</p>
          </Callout>
        </div>
      ) : null}
      <h3 className="h5 mt-2">{t("payments.spont.type.specifics")}</h3>
      <TextareaField
        name="note"
        id="note"
        label={t("payments.spont.type.note")}
        hint={chosen?.notesRequired ? t("payments.spont.type.noteHint") : undefined}
        required={chosen?.notesRequired}
        maxLength={500}
        defaultValue={values?.note ?? data.state.note}
        error={errors.note}
        rows={3}
      />
      <Buttons back={back} />
    </StepForm>
  );
}

/** The types' search (a GET form, before the step's post), and "no type matches" with a way back to all. */
function TypeSearch({ data, selfHref }: { data: SpontaneousFlowData; selfHref: string }) {
  const t = useT(spontaneousIt);
  return (
    <>
      <p className="mb-3">{t("payments.spont.type.question")}</p>
      <Form
        method="get"
        action={selfHref}
        className="d-flex flex-wrap align-items-end gap-3 mb-4"
        role="search"
      >
        <input type="hidden" name="passo" value="tipologia" />
        {data.fromSummary ? <input type="hidden" name="da" value={FROM_SUMMARY} /> : null}
        <div className="flex-grow-1">
          <TextField
            name="cerca"
            id="cerca"
            type="search"
            label={t("payments.spont.type.search")}
            defaultValue={data.query}
          />
        </div>
        <button type="submit" className="btn btn-outline-primary mb-4">
          {t("payments.spont.type.searchButton")}
        </button>
      </Form>
      {data.query && data.types.length === 0 ? (
        <p role="status" className="mb-4">
          {t("payments.spont.type.noMatch")}{" "}
          <Link to={withQuery(selfHref, { passo: "tipologia" })}>{t("payments.spont.type.searchReset")}</Link>
        </p>
      ) : null}
    </>
  );
}

function PayerStep({
  data,
  errors,
  values,
  back,
}: {
  data: SpontaneousFlowData;
  errors: FieldErrors;
  values: Record<string, string> | undefined;
  back: string;
}) {
  const t = useT(spontaneousIt);
  const fields = {
    kind: { id: "kind-F", label: t("payments.spont.payer.kind") },
    firstName: { id: "firstName", label: t("payments.spont.payer.firstName") },
    lastName: { id: "lastName", label: t("payments.spont.payer.lastName") },
    companyName: { id: "companyName", label: t("payments.spont.payer.companyName") },
    email: { id: "email", label: t("payments.spont.payer.email") },
    emailRepeat: { id: "emailRepeat", label: t("payments.spont.payer.emailRepeat") },
    taxCode: { id: "taxCode", label: t("payments.spont.payer.taxCode") },
  };
  return (
    <StepForm
      step="dati"
      errors={errors}
      fields={fields}
      intro={<p className="text-secondary">{t("payments.spont.requiredHint")}</p>}
    >
      {data.identity ? (
        <IdentityFacts identity={data.identity} />
      ) : (
        <AnonymousPayerFields data={data} errors={errors} values={values} />
      )}
      <PayerEmailFields data={data} errors={errors} values={values} />
      <Buttons back={back} />
    </StepForm>
  );
}

type PayerFieldsProps = {
  data: SpontaneousFlowData;
  errors: FieldErrors;
  values: Record<string, string> | undefined;
};

/** The digital identity's data are facts, not fields: shown as text, never as inputs that look editable. */
function IdentityFacts({ identity }: { identity: NonNullable<SpontaneousFlowData["identity"]> }) {
  const t = useT(spontaneousIt);
  return (
    <div className="card card-bg no-after rounded mb-4">
      <div className="card-body">
        <p className="mb-3">{t("payments.spont.payer.locked")}</p>
        <dl className="payment-facts mb-0">
          <dt>{t("payments.spont.payer.firstName")}</dt>
          <dd>{identity.firstName}</dd>
          <dt>{t("payments.spont.payer.lastName")}</dt>
          <dd>{identity.lastName}</dd>
          <dt>{t("payments.spont.payer.taxCode")}</dt>
          <dd>{identity.taxCode}</dd>
        </dl>
      </div>
    </div>
  );
}

/**
 * An anonymous payer: natural or legal person (with JavaScript only the chosen kind's fields are shown), the tax
 * code or "I have no tax code".
 */
function AnonymousPayerFields({ data, errors, values }: PayerFieldsProps) {
  const t = useT(spontaneousIt);
  const hydrated = useHydrated();
  const payer = data.state.payer;
  const [kind, setKind] = useState(values?.kind ?? payer?.kind ?? "F");
  const [noTaxId, setNoTaxId] = useState(values ? values.noTaxId === "1" : Boolean(data.state.noTaxId));
  const text = (name: string, fromState: string | undefined) => values?.[name] ?? fromState ?? "";
  const showNatural = !hydrated || kind === "F";
  const showLegal = !hydrated || kind === "G";
  return (
    <>
      <PayerKindRadios kind={kind} onChange={setKind} error={errors.kind} />
      {showNatural ? (
        <div className="row">
          <div className="col-12 col-md-6">
            <TextField
              name="firstName"
              id="firstName"
              label={t("payments.spont.payer.firstName")}
              autoComplete="given-name"
              required={hydrated}
              defaultValue={text("firstName", payer?.kind === "F" ? payer.firstName : undefined)}
              error={errors.firstName}
            />
          </div>
          <div className="col-12 col-md-6">
            <TextField
              name="lastName"
              id="lastName"
              label={t("payments.spont.payer.lastName")}
              autoComplete="family-name"
              required={hydrated}
              defaultValue={text("lastName", payer?.kind === "F" ? payer.lastName : undefined)}
              error={errors.lastName}
            />
          </div>
        </div>
      ) : null}
      {showLegal ? (
        <TextField
          name="companyName"
          id="companyName"
          label={t("payments.spont.payer.companyName")}
          autoComplete="organization"
          required={hydrated}
          defaultValue={text("companyName", payer?.kind === "G" ? payer.companyName : undefined)}
          error={errors.companyName}
        />
      ) : null}
      <TextField
        name="taxCode"
        id="taxCode"
        label={t("payments.spont.payer.taxCode")}
        hint={t("payments.spont.payer.taxCodeHint")}
        uppercase
        maxLength={16}
        required={!noTaxId}
        defaultValue={text("taxCode", data.state.noTaxId ? "" : payer?.taxCode)}
        error={errors.taxCode}
      />
      <CheckboxField
        id="noTaxId"
        name="noTaxId"
        label={t("payments.spont.payer.noTaxId")}
        hint={t("payments.spont.payer.noTaxIdHint")}
        defaultChecked={noTaxId}
        onChange={(event) => setNoTaxId(event.currentTarget.checked)}
        className="mb-4"
      />
    </>
  );
}

/** Natural or legal person: controlled radios, so the fields of the other kind hide with JavaScript. */
function PayerKindRadios(props: { kind: string; onChange: (kind: "F" | "G") => void; error?: string }) {
  const t = useT(spontaneousIt);
  return (
    <fieldset className="mb-4">
      <legend className="h6 px-0 mb-3">
        {t("payments.spont.payer.kind")}
        <span aria-hidden="true"> *</span>
      </legend>
      <div className="d-flex flex-wrap gap-4">
        {(["F", "G"] as const).map((value) => (
          <div className="form-check" key={value}>
            <input
              type="radio"
              name="kind"
              id={`kind-${value}`}
              value={value}
              checked={props.kind === value}
              onChange={() => props.onChange(value)}
              aria-invalid={props.error ? true : undefined}
            />
            <label htmlFor={`kind-${value}`}>
              {value === "F" ? t("payments.spont.payer.natural") : t("payments.spont.payer.legal")}
            </label>
          </div>
        ))}
      </div>
      {props.error ? <div className="invalid-feedback d-block">{props.error}</div> : null}
    </fieldset>
  );
}

/** The e-mail, and its repetition unless it is the identity's own (with JavaScript shown once it differs). */
function PayerEmailFields({ data, errors, values }: PayerFieldsProps) {
  const t = useT(spontaneousIt);
  const hydrated = useHydrated();
  const payer = data.state.payer;
  const identity = data.identity;
  const email = values?.email ?? payer?.email ?? identity?.email ?? "";
  const knownEmail = identity?.email ? identity.email.toLowerCase() : null;
  const [typedEmail, setTypedEmail] = useState(email);
  const repeatNeeded = !knownEmail || typedEmail.trim().toLowerCase() !== knownEmail;
  return (
    <div className="row">
      <div className="col-12 col-md-6">
        <TextField
          name="email"
          id="email"
          type="email"
          autoComplete="email"
          label={t("payments.spont.payer.email")}
          required
          defaultValue={email}
          onChange={(event) => setTypedEmail(event.currentTarget.value)}
          error={errors.email}
        />
      </div>
      {!hydrated || repeatNeeded ? (
        <div className="col-12 col-md-6">
          <TextField
            name="emailRepeat"
            id="emailRepeat"
            type="email"
            autoComplete="email"
            label={t("payments.spont.payer.emailRepeat")}
            hint={knownEmail ? t("payments.spont.payer.emailRepeatIfChanged") : undefined}
            required={repeatNeeded}
            defaultValue={values?.emailRepeat ?? (payer && !knownEmail ? payer.email : "")}
            error={errors.emailRepeat}
          />
        </div>
      ) : null}
    </div>
  );
}

function AmountStep({
  data,
  errors,
  values,
  back,
}: {
  data: SpontaneousFlowData;
  errors: FieldErrors;
  values: Record<string, string> | undefined;
  back: string;
}) {
  const t = useT(spontaneousIt);
  return (
    <StepForm
      step="importo"
      errors={errors}
      fields={{ amount: { id: "amount", label: t("payments.spont.amount.label") } }}
    >
      <div className="col-12 col-md-6 px-0">
        <TextField
          name="amount"
          id="amount"
          inputMode="decimal"
          autoComplete="off"
          label={`${t("payments.spont.amount.label")} (€)`}
          hint={t("payments.spont.amount.hint")}
          required
          defaultValue={values?.amount ?? data.state.amount}
          error={errors.amount}
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
          {state.amountLabel}
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
