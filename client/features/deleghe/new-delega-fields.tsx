import type { ReactNode } from "react";
import { formatDay } from "#shared/dates.ts";
import type { ErrorSummaryItem } from "#client/components/ui/error-summary.tsx";
import { formFields, type FieldBinding } from "#client/components/ui/form-fields.ts";
import { CheckboxField, CheckboxGroup } from "#client/components/ui/choice-fields.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { SummaryEditLink } from "#client/components/flow/flow-summary.tsx";
import { FlowStepForm, FlowStepNav } from "#client/components/flow/step-form.tsx";
import { FlowStepPage } from "#client/components/flow/step-page.tsx";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { href, withQuery } from "#client/lib/links.ts";
import { delegheIt } from "./texts.ts";
import { FROM_SUMMARY_QUERY } from "#client/lib/flow-fields.ts";

/*
 * The pieces the new online delegation and the request with documents share: the page frame (heading, stepper,
 * notices, the step's form with its error summary and buttons), the other person's fields, the services with the
 * end date and the policy, the summary's rows.
 */

export type Errors = Partial<Record<string, string>>;
export type Submitted = Record<string, string>;
export type DelegableService = { id: string; titolo: string; note: string | null };
export type Person = { codiceFiscale: string; nome: string; cognome: string };

/** A date of the flow ("yyyy-MM-dd") as the page's language writes it. */
export function useDay() {
  const locale = useLocale();
  return (value: string) => formatDay(value, locale);
}

type StepFrameProps = {
  headingId: string;
  title: string;
  steps: string[];
  current: number;
  expired: boolean;
  failed?: string | null;
  action: string;
  fromSummary: boolean;
  multipart?: boolean;
  errors: Errors;
  summary: ErrorSummaryItem[];
  back: string;
  submitLabel: string;
  children: ReactNode;
};

/**
 * One step's page (`FlowStepPage` with the flow's title above the stepper): the expired and failed notices, the
 * step's form (`FlowStepForm`, its error summary first) and its buttons.
 */
export function StepFrame(props: StepFrameProps) {
  const t = useT(delegheIt);
  const failed = props.failed || props.errors.form;
  const notices = (
    <>
      {props.expired ? (
        <div role="alert" className="alert alert-warning mt-3">
          {t("deleghe.new.expired")}
        </div>
      ) : null}
      {failed ? (
        <div role="alert" className="alert alert-danger mt-3">
          {failed}
        </div>
      ) : null}
    </>
  );
  return (
    <section aria-labelledby={props.headingId}>
      <FlowStepPage
        steps={props.steps}
        current={props.current}
        title={props.title}
        focusKey={String(props.current)}
        heading="flow"
        headingId={props.headingId}
        headingClassName="title-xxlarge mb-3"
        notices={notices}
      >
        <div className="mt-4">
          <FlowStepForm
            action={props.action}
            returnToSummary={props.fromSummary}
            multipart={props.multipart}
            errors={props.summary}
          >
            {props.children}
            <FlowStepNav
              variant="inline"
              className="d-flex flex-wrap gap-3 mt-3"
              backHref={props.back}
              backLabel={t("deleghe.new.back")}
              submitLabel={props.submitLabel}
            />
          </FlowStepForm>
        </div>
      </FlowStepPage>
    </section>
  );
}

type Field = (
  name: "codiceFiscale" | "nome" | "cognome" | "servizi" | "scadenza" | "accetto",
) => FieldBinding;

/** The other person: fiscal code, name, surname (what was typed, else what the flow holds). */
function PersonFields({ field }: { field: Field }) {
  return (
    <>
      <TextField {...field("codiceFiscale")} required maxLength={16} autoComplete="off" uppercase />
      <TextField {...field("nome")} required maxLength={100} />
      <TextField {...field("cognome")} required maxLength={100} />
    </>
  );
}

/** The delegable services as checkboxes, each with its `noteDelega`. */
function ServicesFieldset(props: {
  services: readonly DelegableService[];
  chosen?: string[];
  error?: string;
}) {
  const t = useT(delegheIt);
  return (
    <CheckboxGroup
      name="servizi"
      idPrefix="servizio"
      legend={t("deleghe.new.services")}
      options={props.services.map((s) => ({ value: s.id, label: s.titolo, hint: s.note || undefined }))}
      checked={props.chosen}
      required
      error={props.error}
      empty={t("deleghe.new.noServices")}
    />
  );
}

/** The policy's text and its acceptance. */
function PolicyField(props: { policy: string | null; accepted?: boolean; field: FieldBinding }) {
  const t = useT(delegheIt);
  return (
    <>
      <section className="mb-3" aria-labelledby="informativa-deleghe">
        <h3 id="informativa-deleghe" className="h5">
          {t("deleghe.new.policy")}
        </h3>
        {props.policy ? <p className="text-paragraph">{props.policy}</p> : null}
      </section>
      <CheckboxField
        id={props.field.id}
        name={props.field.name}
        value="on"
        label={t("deleghe.new.policyAccept")}
        defaultChecked={props.accepted}
        required
        error={props.field.error}
        className="mb-4"
      />
    </>
  );
}

type ServicesFieldsProps = {
  services: readonly DelegableService[];
  limits: { min: string; max: string };
  policy: string | null;
  state: { servizi?: string[]; scadenza?: string; accepted?: boolean };
  field: Field;
};

/** The services step: the services, the end date (at most `delegheMaxDays` away), the policy. */
function ServicesFields({ services, limits, policy, state, field }: ServicesFieldsProps) {
  const t = useT(delegheIt);
  const day = useDay();
  return (
    <>
      <ServicesFieldset services={services} chosen={state.servizi} error={field("servizi").error} />
      <TextField
        {...field("scadenza")}
        type="date"
        hint={t("deleghe.new.endDateHint", { max: day(limits.max) })}
        required
        min={limits.min}
        max={limits.max}
      />
      <PolicyField policy={policy} accepted={state.accepted} field={field("accetto")} />
    </>
  );
}

/** A summary's "Modifica" of one section (`SummaryEditLink`: the section named for screen readers). */
export function EditLink({ to, section }: { to: string; section: string }) {
  const t = useT(delegheIt);
  return <SummaryEditLink href={to} label={t("deleghe.new.edit")} section={section} className="" />;
}

type SummaryRowsProps = {
  personLabel: string;
  person: Person;
  services: readonly DelegableService[];
  state: { servizi?: string[]; scadenza?: string };
  editPerson: string;
  editServices: string;
  children?: ReactNode;
};

/** The summary: the other person, the services and the end date, each with its "Modifica"; then `children`. */
export function SummaryRows(props: SummaryRowsProps) {
  const t = useT(delegheIt);
  const day = useDay();
  return (
    <dl className="row">
      <dt className="col-sm-4">{props.personLabel}</dt>
      <dd className="col-sm-8">
        {t("deleghe.card.person", props.person)}{" "}
        <EditLink to={props.editPerson} section={props.personLabel} />
      </dd>
      <dt className="col-sm-4">{t("deleghe.card.services")}</dt>
      <dd className="col-sm-8">
        <ul className="mb-1">
          {props.services
            .filter((s) => props.state.servizi?.includes(s.id))
            .map((s) => (
              <li key={s.id}>{s.titolo}</li>
            ))}
        </ul>
        <EditLink to={props.editServices} section={t("deleghe.card.services")} />
      </dd>
      <dt className="col-sm-4">{t("deleghe.card.to")}</dt>
      <dd className="col-sm-8">{props.state.scadenza ? day(props.state.scadenza) : null}</dd>
      {props.children}
    </dl>
  );
}

/** A flow's step links: `?passo=…`, with `da=riepilogo` when the summary's "Modifica" leads there. */
export function stepLinks<Step extends string>(base: string) {
  return (step: Step, fromSummary = false) =>
    withQuery(base, { passo: step, ...(fromSummary ? FROM_SUMMARY_QUERY : {}) });
}

type StepPageData<Step extends string> = {
  step: Step;
  expired: boolean;
  fromSummary: boolean;
  services: readonly DelegableService[];
  limits: { min: string; max: string };
  policy: string | null;
  state: { servizi?: string[]; scadenza?: string; accepted?: boolean };
};

type NewDelegaStepsProps<Step extends string> = {
  flowSteps: readonly Step[];
  stepHref: (step: Step, fromSummary?: boolean) => string;
  loaderData: StepPageData<Step>;
  actionData: { errors?: Errors; submitted?: Submitted; chosen?: string[]; failed?: string } | undefined;
  frame: { headingId: string; title: string; steps: string[]; confirmLabel: string; multipart?: boolean };
  /** The other person (the flow's first step): its fields' labels, its summary row's label, what the flow holds. */
  person: {
    labels: { fiscalCode: string; name: string; surname: string };
    summaryLabel: string;
    value: Person | undefined;
  };
  /**
   * The labels of the flow's own fields (in the error summary, after the shared ones); its own steps' content
   * (`children`) and summary rows (`summaryRows`).
   */
  labels?: Record<string, string>;
  summaryRows?: ReactNode;
  children?: ReactNode;
};

/**
 * A step's page in both flows: the frame (its back link and button), the person's step (the first), the services'
 * step and the summary; the flow adds its own steps and summary rows.
 */
export function NewDelegaSteps<Step extends string>(props: NewDelegaStepsProps<Step>) {
  const t = useT(delegheIt);
  const { flowSteps, stepHref, loaderData, frame, person } = props;
  const { step, state, services } = loaderData;
  const errors: Errors = props.actionData?.errors ?? {};
  const submitted: Submitted = props.actionData?.submitted ?? {};
  const index = flowSteps.indexOf(step);
  const summary = step === "riepilogo";
  // After a refused post of the services' step: the boxes as the citizen ticked them, not as the flow last saved them.
  const chosen = props.actionData?.chosen;
  const servicesShown = chosen ? { ...state, servizi: chosen, accepted: submitted.accetto === "on" } : state;
  const form = formFields({
    values: {
      codiceFiscale: submitted.codiceFiscale ?? person.value?.codiceFiscale ?? "",
      nome: submitted.nome ?? person.value?.nome ?? "",
      cognome: submitted.cognome ?? person.value?.cognome ?? "",
      scadenza: submitted.scadenza ?? state.scadenza ?? "",
    },
    errors,
    labels: {
      codiceFiscale: person.labels.fiscalCode,
      nome: person.labels.name,
      cognome: person.labels.surname,
      servizi: t("deleghe.new.services"),
      scadenza: t("deleghe.new.endDate"),
      accetto: t("deleghe.new.policy"),
      ...props.labels,
    },
    // The services' group: the summary leads to its first box.
    anchors: { servizi: `servizio-${services[0]?.id ?? ""}` },
  });
  return (
    <StepFrame
      headingId={frame.headingId}
      title={frame.title}
      steps={frame.steps}
      current={index + 1}
      expired={loaderData.expired}
      failed={props.actionData?.failed ?? null}
      action={stepHref(step)}
      fromSummary={loaderData.fromSummary}
      multipart={frame.multipart}
      errors={errors}
      summary={form.summary}
      back={index === 0 ? href("/area-personale/deleghe/nuova") : stepHref(flowSteps[index - 1]!)}
      submitLabel={summary ? frame.confirmLabel : t("deleghe.new.continue")}
    >
      {index === 0 ? <PersonFields field={form.field} /> : null}
      {step === "servizi" ? (
        <ServicesFields {...loaderData} state={servicesShown} field={form.field} />
      ) : null}
      {props.children}
      {summary && person.value ? (
        <SummaryRows
          personLabel={person.summaryLabel}
          person={person.value}
          services={services}
          state={state}
          editPerson={stepHref(flowSteps[0]!, true)}
          editServices={stepHref("servizi" as Step, true)}
        >
          {props.summaryRows}
        </SummaryRows>
      ) : null}
    </StepFrame>
  );
}
