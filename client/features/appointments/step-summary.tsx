import { FlowStepForm } from "#client/components/flow/step-form.tsx";
import { CheckboxField } from "#client/components/ui/choice-fields.tsx";
import { formFields } from "#client/components/ui/form-fields.ts";
import { StepNav } from "./flow-form.tsx";
import type { StepActionData, SummaryStepData } from "./step-types.ts";
import { SummaryCards, type SummaryEditLinks } from "./summary-cards.tsx";
import { useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { stepActionFor } from "./use-step-errors.ts";

export type StepSummaryProps = {
  data: SummaryStepData;
  actionData?: StepActionData;
  backHref: string;
  editLinks: SummaryEditLinks;
  submitLabel?: string;
};

/** Step "Riepilogo": the declaration message, the summary cards, the privacy notice and "Conferma e invia". */
export function StepSummary({ data, actionData, backHref, editLinks, submitLabel }: StepSummaryProps) {
  const t = useT(appointmentsIt);
  const lang = useContentLang();
  const { errors } = stepActionFor(actionData, "riepilogo");
  // `form`: the booking refused as a whole (said above the cards); the privacy box's label is its own message.
  const { field, summary } = formFields({
    values: {},
    errors,
    labels: { form: "", privacy: "" },
    anchors: { form: "riepilogo-esito" },
  });
  const privacy = field("privacy");
  return (
    <>
      <FlowStepForm
        intent="riepilogo"
        errors={summary}
        intro={
          <>
            <p className="lead">{t("appointments.summary.declaration")}</p>
            {errors.form ? (
              <p id="riepilogo-esito" tabIndex={-1} className="alert alert-danger">
                {errors.form}
              </p>
            ) : null}
            <SummaryCards summary={data.summary} editLinks={editLinks} />
          </>
        }
      >
        {data.legal ? (
          <section className="mt-4" aria-labelledby="informativa">
            <h3 id="informativa" className="h5">
              {t("appointments.summary.legal")}
            </h3>
            <div className="border rounded p-3 mb-3 appointment-legal">
              <h4 className="h6">{data.legal.title}</h4>
              <div lang={lang} dangerouslySetInnerHTML={{ __html: data.legal.body }} />
            </div>
            <CheckboxField
              id={privacy.id}
              name={privacy.name}
              label={t("appointments.summary.privacy")}
              required
              error={privacy.error}
            />
          </section>
        ) : null}
        <StepNav backHref={backHref} submitLabel={submitLabel ?? t("appointments.confirm")} />
      </FlowStepForm>
    </>
  );
}
