import { useEffect, useRef, useState, type ChangeEvent, type Ref } from "react";
import { CheckboxField } from "#client/components/ui/choice-fields.tsx";
import { Link, useFetcher } from "react-router";
import type { CrmService } from "#shared/api/crm.ts";
import { ANY_ATTACHMENT } from "#shared/validation/attachments.ts";
import type { FieldErrors } from "#shared/validation/form.ts";
import { formFields } from "#client/components/ui/form-fields.ts";
import { FlowStepForm } from "#client/components/flow/step-form.tsx";
import { FileUpload } from "#client/components/ui/file-upload.tsx";
import {
  controlClass,
  FieldError,
  FieldHint,
  FieldLabel,
  FormError,
} from "#client/components/ui/field-parts.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { UploadProgress } from "#client/components/ui/upload-progress.tsx";
import { TextareaField } from "#client/components/ui/textarea-field.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { useFocusOnChange } from "#client/components/ui/use-focus-on-change.ts";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import { assistanceIt } from "./texts.ts";
import { AssistanceLayout } from "./assistance-layout.tsx";
import { VerifyStep, type VerifyData } from "./verify-step.tsx";
import { href, withQuery } from "#client/lib/links.ts";
import { DETAILS_MAX_LENGTH, type RequestValues } from "./request-model.ts";

export type RequestFormData = {
  step: "form";
  anonymous: boolean;
  loginHref: string;
  /** The pending request was discarded after too many wrong codes, or had expired. */
  cancelled?: "tooManyTries" | "expired" | null;
  values: RequestValues;
  services: CrmService[];
  subServices: CrmService[];
  listsFailed: boolean;
  policy: string | null;
};
export type RequestActionData = {
  values?: RequestValues;
  errors?: FieldErrors;
  subServices?: CrmService[];
  expired?: boolean;
};

/** The form's fields, in its order, each named here once: what `field(name)` and the error summary use. */
function useRequestFields(values: RequestValues, errors: FieldErrors) {
  const t = useT(assistanceIt);
  return formFields({
    idPrefix: "richiesta",
    values,
    errors,
    labels: {
      nome: t("assistance.firstName"),
      cognome: t("assistance.lastName"),
      codiceFiscale: t("assistance.fiscalCode"),
      email: t("assistance.email"),
      telefono: t("assistance.phone"),
      servizio: t("assistance.service"),
      tipologia: t("assistance.subService"),
      dettagli: t("assistance.details"),
      allegato: t("assistance.attachment"),
      privacy: t("assistance.privacy"),
    },
  });
}
type Field = ReturnType<typeof useRequestFields>["field"];

function PhoneField({ field }: { field: Field }) {
  const t = useT(assistanceIt);
  const { id, name, label, defaultValue, error } = field("telefono");
  return (
    <div className="form-group">
      <FieldLabel htmlFor={id} label={label} />
      <div className="input-group">
        <span className="input-group-text" id={`${id}-prefisso`}>
          {t("assistance.phonePrefix")}
        </span>
        <input
          type="tel"
          id={id}
          name={name}
          defaultValue={defaultValue}
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={14}
          className={controlClass("form-control", error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-prefisso`, `${id}-hint`, error ? `${id}-error` : ""]
            .filter(Boolean)
            .join(" ")}
        />
      </div>
      <FieldHint id={`${id}-hint`}>{t("assistance.phoneHint")}</FieldHint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function AttachmentField({ values, field }: { values: RequestValues; field: Field }) {
  const t = useT(assistanceIt);
  const { id, name, label, error } = field("allegato");
  return (
    <FileUpload
      id={id}
      name={name}
      label={label}
      rules={ANY_ATTACHMENT}
      hint={t("assistance.attachmentHint")}
      error={error}
      held={values.allegatoRef ? [{ key: values.allegatoRef, name: values.allegatoNome }] : []}
    >
      {values.allegatoRef ? (
        <div className="mb-2">
          <input type="hidden" name="allegatoRef" value={values.allegatoRef} />
          <div className="form-check">
            <input id={`${id}-rimuovi`} type="checkbox" name="rimuoviAllegato" value="1" />
            <label htmlFor={`${id}-rimuovi`}>
              {t("assistance.attachmentRemove", { name: values.allegatoNome })}
            </label>
          </div>
          <p className="small mb-1">{t("assistance.attachmentReplace")}</p>
        </div>
      ) : null}
    </FileUpload>
  );
}

type StepProps<D> = { data: D; action?: RequestActionData; headingRef?: Ref<HTMLHeadingElement> };

/** The request and, for an anonymous requester, its e-mail code: the focus moves to the heading at each step. */
export function AssistanceRequestPage({ data, action }: StepProps<RequestFormData | VerifyData>) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(data.step === "verify" ? `verify:${data.verify.sent}` : data.step, headingRef);
  return data.step === "verify" ? (
    <VerifyStep data={data} action={action} headingRef={headingRef} />
  ) : (
    <RequestForm data={data} action={action} headingRef={headingRef} />
  );
}

/** The one-page assistance request: requester, request, attachment, privacy; "Salva richiesta" when logged in. */
export function RequestForm({ data, action, headingRef }: StepProps<RequestFormData>) {
  const t = useT(assistanceIt);
  const values = action?.values ?? data.values;
  const errors = action?.errors ?? {};
  const { field, summary } = useRequestFields(values, errors);
  return (
    <AssistanceLayout title={t("assistance.title")} lead={t("assistance.lead")} headingRef={headingRef}>
      <RequestNotices data={data} values={values} />
      <FlowStepForm
        multipart
        enterIntent="invia"
        label={t("assistance.title")}
        errors={summary}
        intro={
          <>
            <FormError message={errors.form} />
            <p className="small">{t("assistance.requiredNote")}</p>
          </>
        }
      >
        {values.idBozza ? <input type="hidden" name="idBozza" value={values.idBozza} /> : null}
        {values.chiaveInvio ? <input type="hidden" name="chiaveInvio" value={values.chiaveInvio} /> : null}
        <RequesterFieldset field={field} locked={!data.anonymous} />
        <RequestFieldset data={data} action={action} values={values} field={field} />
        <PrivacyFieldset policy={data.policy} field={field} />
        <RequestButtons anonymous={data.anonymous} />
        <UploadProgress />
      </FlowStepForm>
    </AssistanceLayout>
  );
}

/** What the page says before the form: the login offer, a resumed draft, a cancelled verification, failed lists. */
function RequestNotices({ data, values }: { data: RequestFormData; values: RequestValues }) {
  const t = useT(assistanceIt);
  return (
    <>
      {data.anonymous ? (
        <p>
          {t("assistance.loginPrompt")} <a href={data.loginHref}>{t("assistance.login")}</a>
        </p>
      ) : null}
      {values.idBozza ? <p role="status">{t("assistance.draftResumed")}</p> : null}
      {data.cancelled ? (
        <div className="alert alert-warning" role="alert">
          {data.cancelled === "expired"
            ? t("assistance.verify.expiredFlow")
            : t("assistance.verify.tooManyTries")}
        </div>
      ) : null}
      {data.listsFailed ? (
        <div className="alert alert-danger" role="alert">
          {t("assistance.listsFailed")}
        </div>
      ) : null}
    </>
  );
}

/** "Richiedente": name, surname, fiscal code (read-only for a logged-in citizen), e-mail and phone. */
function RequesterFieldset({ field, locked }: { field: Field; locked: boolean }) {
  const t = useT(assistanceIt);
  return (
    <fieldset className="mb-4">
      <legend className="h4 mb-3">{t("assistance.requester")}</legend>
      {locked ? <p className="small">{t("assistance.requesterLocked")}</p> : null}
      <div className="row">
        <div className="col-12 col-md-6">
          <TextField
            {...field("nome")}
            readOnly={locked}
            required
            autoComplete="given-name"
            maxLength={100}
          />
        </div>
        <div className="col-12 col-md-6">
          <TextField
            {...field("cognome")}
            readOnly={locked}
            required
            autoComplete="family-name"
            maxLength={100}
          />
        </div>
      </div>
      <TextField
        {...field("codiceFiscale")}
        readOnly={locked}
        required
        uppercase
        maxLength={16}
        autoComplete="off"
      />
      <TextField {...field("email")} type="email" required autoComplete="email" maxLength={254} />
      <PhoneField field={field} />
    </fieldset>
  );
}

/** "Richiesta": the service and its sub-service, the details and the attachment. */
function RequestFieldset({
  data,
  action,
  values,
  field,
}: {
  data: RequestFormData;
  action?: RequestActionData;
  values: RequestValues;
  field: Field;
}) {
  const t = useT(assistanceIt);
  return (
    <fieldset className="mb-4">
      <legend className="h4 mb-3">{t("assistance.request")}</legend>
      <ServiceSelects data={data} action={action} field={field} />
      <TextareaField
        {...field("dettagli")}
        hint={t("assistance.detailsHint")}
        maxLength={DETAILS_MAX_LENGTH}
        rows={5}
        required
      />
      <AttachmentField values={values} field={field} />
    </fieldset>
  );
}

/**
 * The service and its sub-service: loaded in the browser when the service changes, by an "Aggiorna" post without
 * JavaScript.
 */
function ServiceSelects({
  data,
  action,
  field,
}: {
  data: RequestFormData;
  action?: RequestActionData;
  field: Field;
}) {
  const t = useT(assistanceIt);
  const service = field("servizio");
  const subService = field("tipologia");
  const values = { servizio: service.defaultValue, tipologia: subService.defaultValue };
  const hydrated = useHydrated();
  // The service picked in the browser since the page was rendered (reset when a new render brings other values).
  const [picked, setPicked] = useState<{ base: string; value: string } | null>(null);
  const servizio = picked && picked.base === values.servizio ? picked.value : values.servizio;
  // One fetcher per service (its key), each loading its own list once chosen. With one fetcher for all, a second
  // choice made while React Router was still discovering the list's route (the page's first load of it) did not
  // cancel the first load (React Router registers a fetcher's load only after discovery), and the first service's
  // list could land last: the field then waited for ever (CI, issue #39).
  const fetcher = useFetcher<{ servizio: string; subServices: CrmService[] }>({
    key: `assistance-sub-services-${servizio}`,
  });
  const requested = useRef<string | null>(null);
  useEffect(() => {
    // Once each time a service is chosen (a service chosen again is loaded again: its fetcher went with its key).
    if (requested.current === servizio) return;
    requested.current = servizio;
    if (servizio && servizio !== values.servizio)
      void fetcher.load(withQuery(href("/nuova-richiesta/tipologie"), { servizio }));
  }, [servizio, values.servizio, fetcher]);
  // A list still loading is no list: the field waits, disabled, so no choice is made among another service's
  // sub-services.
  const fetched = fetcher.data?.servizio === servizio ? fetcher.data.subServices : [];
  const subOptions = servizio === values.servizio ? (action?.subServices ?? data.subServices) : fetched;
  const pick = (next: string) => setPicked({ base: values.servizio, value: next });
  // A service chosen before the page was hydrated (a slow phone): its sub-services are loaded as if chosen now,
  // since the "Aggiorna tipologie" button that would have loaded them is gone.
  const serviceSelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const chosen = serviceSelect.current?.value;
    if (chosen !== undefined && chosen !== values.servizio) pick(chosen);
    // Once, at hydration: later choices arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <SelectField
        {...service}
        placeholder={t("assistance.servicePlaceholder")}
        options={data.services.map((s) => ({ value: String(s.id), label: s.name }))}
        contentOptions
        key={`servizio-${values.servizio}`}
        required
        ref={serviceSelect}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => pick(event.currentTarget.value)}
      />
      {hydrated ? null : (
        <div className="mb-4">
          <p className="small mb-2">{t("assistance.updateSubServicesHint")}</p>
          <button type="submit" name="intent" value="tipologie" className="btn btn-outline-primary btn-sm">
            {t("assistance.updateSubServices")}
          </button>
        </div>
      )}
      <SelectField
        {...subService}
        placeholder={
          subOptions.length > 0 ? t("assistance.subServicePlaceholder") : t("assistance.subServiceFirst")
        }
        options={subOptions.map((s) => ({ value: String(s.id), label: s.name }))}
        contentOptions
        key={`tipologia-${servizio}-${values.tipologia}-${subOptions.length}`}
        disabled={hydrated && subOptions.length === 0}
        required
      />
    </>
  );
}

/** "Privacy": the policy to read and the consent box. */
function PrivacyFieldset(props: { policy: RequestFormData["policy"]; field: Field }) {
  const t = useT(assistanceIt);
  const lang = useContentLang();
  const { defaultValue, ...privacy } = props.field("privacy");
  return (
    <fieldset className="mb-4">
      <legend className="h4 mb-3">{t("assistance.privacy")}</legend>
      <details className="mb-3">
        <summary>{t("assistance.privacyRead")}</summary>
        {props.policy === null ? (
          <p className="mt-2" role="alert">
            {t("assistance.privacyFailed")}
          </p>
        ) : (
          <p className="mt-2" style={{ whiteSpace: "pre-line" }} lang={lang}>
            {props.policy}
          </p>
        )}
      </details>
      <CheckboxField
        {...privacy}
        label={t("assistance.privacyAccept")}
        defaultChecked={defaultValue !== ""}
        required
      />
    </fieldset>
  );
}

/** "Invia", "Salva bozza" (logged-in citizens only) and "Indietro". */
function RequestButtons(props: { anonymous: boolean }) {
  const t = useT(assistanceIt);
  return (
    <>
      {/* "Invia" first in the document: Enter in a field sends the request (not the draft); shown last. */}
      <div className="d-flex flex-wrap flex-row-reverse gap-3">
        <SubmitButton name="intent" value="invia">
          {t("assistance.send")}
        </SubmitButton>
        {props.anonymous ? null : (
          <SubmitButton name="intent" value="bozza" className="btn btn-outline-primary">
            {t("assistance.saveDraft")}
          </SubmitButton>
        )}
        <Link to={href("/")} className="btn btn-outline-primary">
          {t("assistance.back")}
        </Link>
      </div>
    </>
  );
}
