import type { ReactNode } from "react";
import { formatDay } from "#shared/dates.ts";
import { errorSummaryItems, type SummaryTarget } from "#client/components/ui/error-summary.tsx";
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
  targets: Record<string, SummaryTarget>;
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
            errors={errorSummaryItems(props.errors, props.targets)}
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

/** The error summary's targets of the person's and the services' steps. */
export function fieldTargets(services: readonly DelegableService[]): Record<string, SummaryTarget> {
  return {
    codiceFiscale: { id: "codiceFiscale" },
    nome: { id: "nome" },
    cognome: { id: "cognome" },
    servizi: { id: `servizio-${services[0]?.id ?? ""}` },
    scadenza: { id: "scadenza" },
    accetto: { id: "accetto" },
  };
}

type PersonFieldsProps = {
  labels: { fiscalCode: string; name: string; surname: string };
  person: Person | undefined;
  submitted: Submitted;
  errors: Errors;
};

/** The other person: fiscal code, name, surname (what was typed, else what the flow holds). */
export function PersonFields({ labels, person, submitted, errors }: PersonFieldsProps) {
  return (
    <>
      <TextField
        id="codiceFiscale"
        name="codiceFiscale"
        label={labels.fiscalCode}
        required
        maxLength={16}
        autoComplete="off"
        uppercase
        defaultValue={submitted.codiceFiscale ?? person?.codiceFiscale}
        error={errors.codiceFiscale}
      />
      <TextField
        id="nome"
        name="nome"
        label={labels.name}
        required
        maxLength={100}
        defaultValue={submitted.nome ?? person?.nome}
        error={errors.nome}
      />
      <TextField
        id="cognome"
        name="cognome"
        label={labels.surname}
        required
        maxLength={100}
        defaultValue={submitted.cognome ?? person?.cognome}
        error={errors.cognome}
      />
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
function PolicyField(props: { policy: string | null; accepted?: boolean; error?: string }) {
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
        id="accetto"
        name="accetto"
        value="on"
        label={t("deleghe.new.policyAccept")}
        defaultChecked={props.accepted}
        required
        error={props.error}
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
  submitted: Submitted;
  errors: Errors;
};

/** The services step: the services, the end date (at most `delegheMaxDays` away), the policy. */
export function ServicesFields({ services, limits, policy, state, submitted, errors }: ServicesFieldsProps) {
  const t = useT(delegheIt);
  const day = useDay();
  return (
    <>
      <ServicesFieldset services={services} chosen={state.servizi} error={errors.servizi} />
      <TextField
        id="scadenza"
        name="scadenza"
        type="date"
        label={t("deleghe.new.endDate")}
        hint={t("deleghe.new.endDateHint", { max: day(limits.max) })}
        required
        min={limits.min}
        max={limits.max}
        defaultValue={submitted.scadenza ?? state.scadenza}
        error={errors.scadenza}
      />
      <PolicyField policy={policy} accepted={state.accepted} error={errors.accetto} />
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
  actionData: { errors?: Errors; submitted?: Submitted; failed?: string } | undefined;
  frame: { headingId: string; title: string; steps: string[]; confirmLabel: string; multipart?: boolean };
  /** The other person (the flow's first step): its fields' labels, its summary row's label, what the flow holds. */
  person: { labels: PersonFieldsProps["labels"]; summaryLabel: string; value: Person | undefined };
  /** The targets of the flow's own fields; its own steps' content (`children`) and summary rows (`summaryRows`). */
  targets?: Record<string, SummaryTarget>;
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
      targets={{ ...fieldTargets(services), ...props.targets }}
      back={index === 0 ? href("/area-personale/deleghe/nuova") : stepHref(flowSteps[index - 1]!)}
      submitLabel={summary ? frame.confirmLabel : t("deleghe.new.continue")}
    >
      {index === 0 ? (
        <PersonFields labels={person.labels} person={person.value} submitted={submitted} errors={errors} />
      ) : null}
      {step === "servizi" ? (
        <ServicesFields {...loaderData} state={state} submitted={submitted} errors={errors} />
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
