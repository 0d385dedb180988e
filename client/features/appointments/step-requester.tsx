import { FlowStepForm } from "#client/components/flow/step-form.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { StepNav } from "./flow-form.tsx";
import type { RequesterStepData, StepActionData } from "./step-types.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { formFields, type FieldBinding } from "#client/components/ui/form-fields.ts";
import { stepActionFor } from "./use-step-errors.ts";

export type StepRequesterProps = {
  data: RequesterStepData;
  actionData?: StepActionData;
  backHref: string;
  returnToSummary: boolean;
};

/**
 * Step "Richiedente". Logged in: name, surname and fiscal code come from the digital identity and cannot be changed
 * (read-only; the server ignores them); the e-mail is pre-filled and editable. Anonymous: the form, or a login that comes back here.
 */
export function StepRequester({ data, actionData, backHref, returnToSummary }: StepRequesterProps) {
  const t = useT(appointmentsIt);
  const { errors, values: typed } = stepActionFor(actionData, "richiedente");
  const { field, summary } = formFields({
    values: { ...data.values, ...typed },
    errors,
    labels: {
      nome: t("appointments.requester.nome"),
      cognome: t("appointments.requester.cognome"),
      email: t("appointments.requester.email"),
      codiceFiscale: t("appointments.requester.fiscalCode"),
    },
  });
  return (
    <FlowStepForm
      intent="richiedente"
      returnToSummary={returnToSummary}
      errors={summary}
      intro={
        <>
          {data.profile ? null : (
            <Callout title={t("appointments.requester.loginInvite")} titleAs="h3">
              <p className="mb-0">
                <a href={data.loginHref}>{t("appointments.requester.loginInviteLink")}</a>
              </p>
            </Callout>
          )}
          <p className="text-secondary">{t("appointments.requiredNote")}</p>
        </>
      }
    >
      <RequesterFields profile={data.profile} field={field} />
      <StepNav backHref={backHref} />
    </FlowStepForm>
  );
}

type RequesterFieldsProps = {
  profile: RequesterStepData["profile"];
  field: (name: "nome" | "cognome" | "email" | "codiceFiscale") => FieldBinding;
};

/** "Chi sei": the identity's facts (read-only) or the anonymous requester's fields, and the e-mail. */
function RequesterFields({ profile, field }: RequesterFieldsProps) {
  const t = useT(appointmentsIt);
  return (
    <fieldset>
      <legend className="h5 px-0">{t("appointments.requester.aboutYou")}</legend>
      {profile ? (
        <IdentityFields profile={profile} />
      ) : (
        <>
          <TextField {...field("nome")} required autoComplete="given-name" maxLength={100} />
          <TextField {...field("cognome")} required autoComplete="family-name" maxLength={100} />
        </>
      )}
      <TextField
        {...field("email")}
        type="email"
        required
        autoComplete="email"
        hint={t("appointments.requester.emailHint")}
        maxLength={254}
      />
      {profile ? null : (
        <TextField
          {...field("codiceFiscale")}
          uppercase
          hint={t("appointments.requester.fiscalCodeHint")}
          maxLength={16}
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </fieldset>
  );
}

function IdentityFields({ profile }: { profile: NonNullable<RequesterStepData["profile"]> }) {
  const t = useT(appointmentsIt);
  return (
    <>
      <p id="identita-nota" className="form-text">
        {t("appointments.requester.fromIdentityNote")}
      </p>
      <TextField
        id="nome"
        name="identita-nome"
        label={t("appointments.requester.nome")}
        readOnly
        value={profile.nome}
        hint={t("appointments.requester.fromIdentity")}
      />
      <TextField
        id="cognome"
        name="identita-cognome"
        label={t("appointments.requester.cognome")}
        readOnly
        value={profile.cognome}
        hint={t("appointments.requester.fromIdentity")}
      />
      <TextField
        id="codiceFiscale"
        name="identita-cf"
        label={t("appointments.requester.fiscalCode")}
        readOnly
        value={profile.codFisc}
        hint={t("appointments.requester.fromIdentity")}
      />
    </>
  );
}
