import { FormError } from "#client/components/ui/field-parts.tsx";
import { FlowStepForm, FlowStepNav } from "#client/components/flow/step-form.tsx";
import { FlowStepPage } from "#client/components/flow/step-page.tsx";
import { SummarySection } from "#client/components/flow/flow-summary.tsx";
import { CheckboxField } from "#client/components/ui/choice-fields.tsx";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { PageLayout } from "#client/components/ui/page-layout.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { formFields, type FieldBinding } from "#client/components/ui/form-fields.ts";
import { FileUpload } from "#client/components/ui/file-upload.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { UploadProgress } from "#client/components/ui/upload-progress.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { TextareaField } from "#client/components/ui/textarea-field.tsx";
import { useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import { disruptionIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import {
  DISRUPTION_ATTACHMENT_MAX_BYTES,
  DISRUPTION_ATTACHMENT_TYPES,
  DISRUPTION_DETAILS_MAX_LENGTH,
  DISRUPTION_TITLE_MAX_LENGTH,
} from "#shared/api/disruption.ts";
import { DISRUPTION_STEPS, STEP_TITLES, previousStep, type DisruptionStep } from "./steps.ts";
import type { DataValues, ReportActionData, ReportLoaderData } from "./report.server.ts";
import { PlaceSection } from "./place-section.tsx";
import { FROM_SUMMARY_QUERY, isOpenedFromSummary } from "#client/lib/flow-fields.ts";

const stepHref = (step: DisruptionStep, extra: Record<string, string> = {}) =>
  `${href("/servizi/segnalazioni/nuova")}?${new URLSearchParams({ passo: step, ...extra }).toString()}`;

/** Breadcrumb Home / Servizi / Segnalazione disservizio, the h1 and one reading column. */
export function DisruptionLayout({ children, after }: { children: ReactNode; after?: ReactNode }) {
  const t = useT(disruptionIt);
  const trail = [
    { name: t("common.home"), href: href("/") },
    { name: t("disruption.breadcrumbServices"), href: href("/servizi") },
    { name: t("disruption.title") },
  ];
  return (
    <PageLayout breadcrumb={trail} title={t("disruption.title")} lead={t("disruption.lead")} after={after}>
      {children}
    </PageLayout>
  );
}

function StepNav(props: { backHref: string; submit: ReactNode; intent: string }) {
  const t = useT(disruptionIt);
  return (
    <FlowStepNav
      className="steppers mt-4"
      label={t("disruption.stepsNav")}
      backHref={props.backHref}
      backLabel={t("disruption.back")}
      submitLabel={props.submit}
      intent={props.intent}
      after={<UploadProgress />}
    />
  );
}

export function ReportPage({ data, actionData }: { data: ReportLoaderData; actionData?: ReportActionData }) {
  const t = useT(disruptionIt);
  const location = useLocation();
  const index = DISRUPTION_STEPS.indexOf(data.step) + 1;
  const returnToSummary = isOpenedFromSummary(new URLSearchParams(location.search));
  const previous = previousStep(data.step);
  const backHref = returnToSummary ? stepHref("riepilogo") : previous ? stepHref(previous) : href("/");
  return (
    <DisruptionLayout>
      <FlowStepPage
        steps={DISRUPTION_STEPS.map((s) => t(STEP_TITLES[s]))}
        current={index}
        title={t(STEP_TITLES[data.step])}
        focusKey={data.step}
        notices={
          data.restarted ? (
            <Callout title={t("disruption.restartedTitle")} variant="warning" titleAs="h2">
              <p className="mb-0">{t("disruption.restarted")}</p>
            </Callout>
          ) : null
        }
      >
        {data.step === "autorizzazioni" ? (
          <PolicyStep
            data={data}
            actionData={actionData}
            backHref={backHref}
            returnToSummary={returnToSummary}
          />
        ) : data.step === "dati" ? (
          <DataStep
            // A new answer of the action (search results, errors) starts the step's local state again from it.
            key={actionData ? JSON.stringify([actionData.values, actionData.results]) : "loader"}
            data={data}
            actionData={actionData}
            backHref={backHref}
          />
        ) : (
          <SummaryStep data={data} actionData={actionData} backHref={backHref} />
        )}
      </FlowStepPage>
    </DisruptionLayout>
  );
}

type StepProps = { data: ReportLoaderData; actionData?: ReportActionData; backHref: string };

function PolicyStep({
  data,
  actionData,
  backHref,
  returnToSummary,
}: StepProps & { returnToSummary: boolean }) {
  const t = useT(disruptionIt);
  const lang = useContentLang();
  // The summary's link leads to the box; its message needs no label (the box says what it is).
  const { field, summary } = formFields({
    values: {},
    errors: actionData?.errors ?? {},
    labels: { accetto: "" },
  });
  const { id, name, error } = field("accetto");
  return (
    <FlowStepForm returnToSummary={returnToSummary} errors={summary}>
      <section className="mb-4" aria-labelledby="informativa">
        <h3 id="informativa" className="h5">
          {t("disruption.policy.title")}
        </h3>
        <div lang={lang} className="text-paragraph" dangerouslySetInnerHTML={{ __html: data.policy ?? "" }} />
      </section>
      <CheckboxField
        id={id}
        name={name}
        value="on"
        label={t("disruption.policy.accept")}
        defaultChecked={data.accepted}
        required
        error={error}
      />
      <StepNav backHref={backHref} submit={t("disruption.next")} intent="autorizzazioni" />
    </FlowStepForm>
  );
}

function DataStep({ data, actionData, backHref }: StepProps) {
  const t = useT(disruptionIt);
  const values: DataValues = actionData?.values ?? data.values;
  const errors = actionData?.errors ?? {};
  const { field, summary } = formFields({
    values,
    errors,
    labels: {
      luogo: t("disruption.place.search"),
      categoria: t("disruption.category"),
      titolo: t("disruption.subject"),
      dettagli: t("disruption.details"),
      allegati: t("disruption.files"),
      email: t("disruption.author.email"),
    },
  });
  return (
    <FlowStepForm
      multipart
      enterIntent="dati"
      id="dati-segnalazione"
      errors={summary}
      intro={<FormError message={errors.form} />}
    >
      <PlaceSection data={data} actionData={actionData} values={values} error={field("luogo").error} />
      <IssueSection data={data} field={field} />
      <AuthorSection data={data} field={field} />
      <StepNav backHref={backHref} submit={t("disruption.next")} intent="dati" />
    </FlowStepForm>
  );
}

type DataField = (name: "categoria" | "titolo" | "dettagli" | "allegati" | "email") => FieldBinding;

/** "Il disservizio": category, subject, details and the photos. */
function IssueSection({ data, field }: { data: ReportLoaderData; field: DataField }) {
  const t = useT(disruptionIt);
  const categories = data.catalogue.categorie.map((c) => ({ value: String(c.id), label: c.nome }));
  return (
    <section className="mb-5" aria-labelledby="sezione-disservizio">
      <h3 id="sezione-disservizio" className="h4">
        {t("disruption.issue.title")}
      </h3>
      <SelectField
        {...field("categoria")}
        placeholder={t("disruption.category.placeholder")}
        options={categories}
        contentOptions
        required
      />
      <TextField {...field("titolo")} maxLength={DISRUPTION_TITLE_MAX_LENGTH} required />
      <TextareaField
        {...field("dettagli")}
        hint={t("disruption.details.hint", { max: DISRUPTION_DETAILS_MAX_LENGTH })}
        maxLength={DISRUPTION_DETAILS_MAX_LENGTH}
        showCounter
        rows={4}
        required
      />
      <Attachments data={data} field={field("allegati")} />
    </section>
  );
}

/** "Autore della segnalazione": who the citizen is (from the identity) and the e-mail for the answer. */
function AuthorSection({ data, field }: { data: ReportLoaderData; field: DataField }) {
  const t = useT(disruptionIt);
  return (
    <section className="mb-4" aria-labelledby="sezione-autore">
      <h3 id="sezione-autore" className="h4">
        {t("disruption.author.title")}
      </h3>
      <p className="form-text">{t("disruption.author.fromIdentity")}</p>
      <AuthorList author={data.author} />
      <TextField {...field("email")} type="email" autoComplete="email" required />
    </section>
  );
}

function Attachments({ data, field }: { data: ReportLoaderData; field: FieldBinding }) {
  const t = useT(disruptionIt);
  const left = data.catalogue.maxAllegati - data.files.length;
  return (
    <div className="mb-3">
      <h4 className="h6" id="allegati-titolo">
        {t("disruption.files.attached")}
      </h4>
      {data.filesMissing > 0 ? (
        <p className="small text-danger">{t("disruption.files.gone", { count: data.filesMissing })}</p>
      ) : null}
      <FileUpload
        id={field.id}
        name={field.name}
        multiple
        label={field.label}
        rules={{ allowed: DISRUPTION_ATTACHMENT_TYPES, maxBytes: DISRUPTION_ATTACHMENT_MAX_BYTES }}
        maxFiles={left}
        hint={t("disruption.files.hint", { count: data.catalogue.maxAllegati })}
        error={field.error}
        emptyText={t("disruption.files.none")}
        canAdd={left > 0}
        held={data.files.map((f) => ({
          key: f.id,
          name: f.filename,
          size: f.size,
          action: (
            <button
              type="submit"
              name="intent"
              value={`rimuovi:${f.id}`}
              formNoValidate
              className="btn btn-link btn-sm p-0 ms-2"
            >
              {t("disruption.files.remove", { name: f.filename })}
            </button>
          ),
        }))}
      />
    </div>
  );
}

function AuthorList({ author }: { author: ReportLoaderData["author"] }) {
  const t = useT(disruptionIt);
  return (
    <dl className="row mb-3">
      <dt className="col-sm-4">{t("disruption.author.name")}</dt>
      <dd className="col-sm-8">{author.nome}</dd>
      <dt className="col-sm-4">{t("disruption.author.surname")}</dt>
      <dd className="col-sm-8">{author.cognome}</dd>
      <dt className="col-sm-4">{t("disruption.author.fiscalCode")}</dt>
      <dd className="col-sm-8">{author.codiceFiscale}</dd>
    </dl>
  );
}

function SummaryCard(props: { title: string; id: string; editHref: string; children: ReactNode }) {
  const t = useT(disruptionIt);
  return (
    <SummarySection
      title={props.title}
      id={props.id}
      editHref={props.editHref}
      editLabel={t("disruption.edit")}
      className="card has-bkg-grey shadow-sm mb-3 p-3"
    >
      {props.children}
    </SummarySection>
  );
}

function SummaryStep({ data, actionData, backHref }: StepProps) {
  const t = useT(disruptionIt);
  const v = data.values;
  const edit = (step: DisruptionStep) => stepHref(step, FROM_SUMMARY_QUERY);
  return (
    <FlowStepForm>
      {actionData?.errors?.form ? (
        <div role="alert">
          <Callout title={actionData.errors.form} variant="danger">
            <p className="mb-0">{actionData.errors.allegati ?? t("disruption.summary.sendFailed")}</p>
            {actionData.errors.allegati ? (
              <p className="mb-0">
                <Link to={edit("dati")}>{t("disruption.files.attachAgain")}</Link>
              </p>
            ) : null}
          </Callout>
        </div>
      ) : data.filesMissing > 0 ? (
        <Callout title={t("disruption.files.goneTitle")} variant="warning">
          <p className="mb-0">{t("disruption.files.gone", { count: data.filesMissing })}</p>
          <p className="mb-0">
            <Link to={edit("dati")}>{t("disruption.files.attachAgain")}</Link>
          </p>
        </Callout>
      ) : null}
      <SummaryCard
        title={t("disruption.step.autorizzazioni")}
        id="riepilogo-autorizzazioni"
        editHref={edit("autorizzazioni")}
      >
        <p className="mb-0">{t("disruption.policy.accept")}</p>
      </SummaryCard>
      <SummaryCard title={t("disruption.summary.place")} id="riepilogo-luogo" editHref={edit("dati")}>
        <p className="mb-1">{v.place?.address}</p>
        {v.place ? (
          <p className="small mb-0">
            {`${t("disruption.summary.coordinates")}: ${v.place.lat.toFixed(6)}, ${v.place.lon.toFixed(6)}`}
          </p>
        ) : null}
      </SummaryCard>
      <SummaryCard title={t("disruption.issue.title")} id="riepilogo-disservizio" editHref={edit("dati")}>
        <dl className="row mb-0">
          <dt className="col-sm-4">{t("disruption.category")}</dt>
          <dd className="col-sm-8">{data.category}</dd>
          <dt className="col-sm-4">{t("disruption.subject")}</dt>
          <dd className="col-sm-8">{v.titolo}</dd>
          <dt className="col-sm-4">{t("disruption.details")}</dt>
          <dd className="col-sm-8" style={{ whiteSpace: "pre-line" }}>
            {v.dettagli}
          </dd>
          <dt className="col-sm-4">{t("disruption.files.attached")}</dt>
          <dd className="col-sm-8">
            {data.files.length === 0
              ? t("disruption.files.none")
              : data.files.map((f) => f.filename).join(", ")}
          </dd>
        </dl>
      </SummaryCard>
      <SummaryCard title={t("disruption.author.title")} id="riepilogo-autore" editHref={edit("dati")}>
        <AuthorList author={data.author} />
        <p className="mb-0">{`${t("disruption.author.email")}: ${v.email}`}</p>
      </SummaryCard>
      <StepNav backHref={backHref} submit={t("disruption.summary.send")} intent="invia" />
    </FlowStepForm>
  );
}
