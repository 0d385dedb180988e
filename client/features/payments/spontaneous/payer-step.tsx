import { useState } from "react";
import { CheckboxField } from "#client/components/ui/choice-fields.tsx";
import { formFields, type FieldBinding } from "#client/components/ui/form-fields.ts";
import { TextField } from "#client/components/ui/text-field.tsx";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import type { SpontaneousFlowData } from "./spontaneous.server.ts";
import { Buttons, StepForm, type StepProps } from "./step-form.tsx";
import { spontaneousIt } from "./texts.ts";

export function PayerStep({ data, errors, values, back }: StepProps) {
  const t = useT(spontaneousIt);
  const payer = data.state.payer;
  const text = (name: string, fromState: string | undefined) => values?.[name] ?? fromState ?? "";
  const knownEmail = data.identity?.email ? data.identity.email.toLowerCase() : null;
  const { field, summary } = formFields({
    values: {
      firstName: text("firstName", payer?.kind === "F" ? payer.firstName : undefined),
      lastName: text("lastName", payer?.kind === "F" ? payer.lastName : undefined),
      companyName: text("companyName", payer?.kind === "G" ? payer.companyName : undefined),
      email: values?.email ?? payer?.email ?? data.identity?.email ?? "",
      emailRepeat: values?.emailRepeat ?? (payer && !knownEmail ? payer.email : ""),
      taxCode: text("taxCode", data.state.noTaxId ? "" : payer?.taxCode),
    },
    errors,
    labels: {
      kind: t("payments.spont.payer.kind"),
      firstName: t("payments.spont.payer.firstName"),
      lastName: t("payments.spont.payer.lastName"),
      companyName: t("payments.spont.payer.companyName"),
      email: t("payments.spont.payer.email"),
      emailRepeat: t("payments.spont.payer.emailRepeat"),
      taxCode: t("payments.spont.payer.taxCode"),
    },
    anchors: { kind: "kind-F" },
  });
  return (
    <StepForm
      step="dati"
      summary={summary}
      intro={<p className="text-secondary">{t("payments.spont.requiredHint")}</p>}
    >
      {data.identity ? (
        <IdentityFacts identity={data.identity} />
      ) : (
        <AnonymousPayerFields data={data} values={values} field={field} />
      )}
      <PayerEmailFields data={data} field={field} />
      <Buttons back={back} />
    </StepForm>
  );
}

type PayerField = "kind" | "firstName" | "lastName" | "companyName" | "email" | "emailRepeat" | "taxCode";
type PayerFieldsProps = {
  data: SpontaneousFlowData;
  field: (name: PayerField) => FieldBinding;
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
function AnonymousPayerFields({
  data,
  values,
  field,
}: PayerFieldsProps & { values: Record<string, string> | undefined }) {
  const t = useT(spontaneousIt);
  const hydrated = useHydrated();
  const payer = data.state.payer;
  const [kind, setKind] = useState(values?.kind ?? payer?.kind ?? "F");
  const [noTaxId, setNoTaxId] = useState(values ? values.noTaxId === "1" : Boolean(data.state.noTaxId));
  const showNatural = !hydrated || kind === "F";
  const showLegal = !hydrated || kind === "G";
  return (
    <>
      <PayerKindRadios kind={kind} onChange={setKind} error={field("kind").error} />
      {showNatural ? (
        <div className="row">
          <div className="col-12 col-md-6">
            <TextField {...field("firstName")} autoComplete="given-name" required={hydrated} />
          </div>
          <div className="col-12 col-md-6">
            <TextField {...field("lastName")} autoComplete="family-name" required={hydrated} />
          </div>
        </div>
      ) : null}
      {showLegal ? (
        <TextField {...field("companyName")} autoComplete="organization" required={hydrated} />
      ) : null}
      <TextField
        {...field("taxCode")}
        hint={t("payments.spont.payer.taxCodeHint")}
        uppercase
        maxLength={16}
        required={!noTaxId}
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
function PayerEmailFields({ data, field }: PayerFieldsProps) {
  const t = useT(spontaneousIt);
  const hydrated = useHydrated();
  const email = field("email");
  const knownEmail = data.identity?.email ? data.identity.email.toLowerCase() : null;
  const [typedEmail, setTypedEmail] = useState(email.defaultValue);
  const repeatNeeded = !knownEmail || typedEmail.trim().toLowerCase() !== knownEmail;
  return (
    <div className="row">
      <div className="col-12 col-md-6">
        <TextField
          {...email}
          type="email"
          autoComplete="email"
          required
          onChange={(event) => setTypedEmail(event.currentTarget.value)}
        />
      </div>
      {!hydrated || repeatNeeded ? (
        <div className="col-12 col-md-6">
          <TextField
            {...field("emailRepeat")}
            type="email"
            autoComplete="email"
            hint={knownEmail ? t("payments.spont.payer.emailRepeatIfChanged") : undefined}
            required={repeatNeeded}
          />
        </div>
      ) : null}
    </div>
  );
}
