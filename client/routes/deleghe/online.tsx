import { Form, Link } from "react-router";
import type { Route } from "./+types/online";
import { formatDate } from "#shared/dates.ts";
import { ErrorSummary, errorSummaryItems } from "#client/components/ui/error-summary.tsx";
import { Stepper } from "#client/components/ui/stepper.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { ReturnToSummaryField } from "#client/components/flow/return-to-summary-field.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { href, withQuery } from "#client/lib/links.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadOnline, onlineAction } from "#client/features/deleghe/online.server.ts";
import { ONLINE_STEPS, type OnlineStep } from "#client/features/deleghe/steps.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const middleware = [requireAsset("DELEGHE")];

export const handle = routeHandle("deleghe.new.online.title", delegheIt);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, delegheIt, personalAreaIt);
  return pageTitle(matches, [t("deleghe.new.online.title"), t("personalArea.title")]);
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOnline(context, new URL(request.url));
}

export async function action({ context, request }: Route.ActionArgs) {
  return onlineAction(context, request);
}

const stepHref = (step: OnlineStep, fromSummary = false) =>
  withQuery(href("/area-personale/deleghe/nuova/online"), {
    passo: step,
    da: fromSummary ? "riepilogo" : undefined,
  });

/** The new online delegation: the delegate, the services (with their notes), the end date and the policy, the summary. */
export default function OnlineDelegation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(delegheIt);
  const locale = useLocale();
  const { step, state, services, limits, policy } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const submitted: Record<string, string> = actionData?.submitted ?? {};
  const fromSummary =
    typeof window === "undefined"
      ? false
      : new URLSearchParams(window.location.search).get("da") === "riepilogo";
  const day = (value: string) => formatDate(`${value}T12:00:00Z`, "dd/MM/yyyy", locale);
  const labels = [
    t("deleghe.new.step.delegate"),
    t("deleghe.new.step.services"),
    t("deleghe.new.step.summary"),
  ];
  const back =
    step === "delegato"
      ? href("/area-personale/deleghe/nuova")
      : stepHref(ONLINE_STEPS[ONLINE_STEPS.indexOf(step) - 1]!);
  return (
    <section aria-labelledby="delega-online">
      <h2 id="delega-online" className="title-xxlarge mb-3">
        {t("deleghe.new.online.title")}
      </h2>
      <Stepper steps={labels} current={ONLINE_STEPS.indexOf(step) + 1} />
      {loaderData.expired ? (
        <div role="alert" className="alert alert-warning mt-3">
          {t("deleghe.new.expired")}
        </div>
      ) : null}
      {actionData && "failed" in actionData && actionData.failed ? (
        <div role="alert" className="alert alert-danger mt-3">
          {actionData.failed}
        </div>
      ) : null}
      <Form method="post" action={stepHref(step)} className="mt-4" noValidate>
        <XsrfField />
        <ReturnToSummaryField active={fromSummary} />
        <ErrorSummary
          items={errorSummaryItems(errors, {
            codiceFiscale: { id: "codiceFiscale" },
            nome: { id: "nome" },
            cognome: { id: "cognome" },
            servizi: { id: `servizio-${services[0]?.id ?? ""}` },
            scadenza: { id: "scadenza" },
            accetto: { id: "accetto" },
          })}
        />
        {step === "delegato" ? (
          <>
            <TextField
              id="codiceFiscale"
              name="codiceFiscale"
              label={t("deleghe.new.fiscalCode")}
              required
              maxLength={16}
              autoComplete="off"
              uppercase
              defaultValue={submitted.codiceFiscale ?? state.delegato?.codiceFiscale}
              error={errors.codiceFiscale}
            />
            <TextField
              id="nome"
              name="nome"
              label={t("deleghe.new.name")}
              required
              maxLength={100}
              defaultValue={submitted.nome ?? state.delegato?.nome}
              error={errors.nome}
            />
            <TextField
              id="cognome"
              name="cognome"
              label={t("deleghe.new.surname")}
              required
              maxLength={100}
              defaultValue={submitted.cognome ?? state.delegato?.cognome}
              error={errors.cognome}
            />
          </>
        ) : null}
        {step === "servizi" ? (
          <>
            <fieldset className="mb-4" aria-describedby={errors.servizi ? "servizi-error" : undefined}>
              <legend className="h5">
                {t("deleghe.new.services")}
                <span aria-hidden="true"> *</span>
              </legend>
              {services.length === 0 ? <p>{t("deleghe.new.noServices")}</p> : null}
              {errors.servizi ? (
                <div id="servizi-error" className="form-feedback just-validate-error-label d-block">
                  {errors.servizi}
                </div>
              ) : null}
              {services.map((s) => (
                <div className="form-check" key={s.id}>
                  <input
                    id={`servizio-${s.id}`}
                    type="checkbox"
                    name="servizi"
                    value={s.id}
                    defaultChecked={state.servizi?.includes(s.id)}
                    aria-describedby={s.note ? `servizio-${s.id}-nota` : undefined}
                  />
                  <label htmlFor={`servizio-${s.id}`}>{s.titolo}</label>
                  {s.note ? (
                    <p id={`servizio-${s.id}-nota`} className="small text-muted ms-5 mb-2">
                      {s.note}
                    </p>
                  ) : null}
                </div>
              ))}
            </fieldset>
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
            <section className="mb-3" aria-labelledby="informativa-deleghe">
              <h3 id="informativa-deleghe" className="h5">
                {t("deleghe.new.policy")}
              </h3>
              {policy ? <p className="text-paragraph">{policy}</p> : null}
            </section>
            <div className="form-check mb-4">
              <input
                id="accetto"
                name="accetto"
                type="checkbox"
                defaultChecked={state.accepted}
                required
                aria-invalid={errors.accetto ? true : undefined}
                aria-describedby={errors.accetto ? "accetto-error" : undefined}
              />
              <label htmlFor="accetto">
                {t("deleghe.new.policyAccept")}
                <span aria-hidden="true"> *</span>
              </label>
              {errors.accetto ? (
                <div id="accetto-error" className="form-feedback just-validate-error-label d-block">
                  {errors.accetto}
                </div>
              ) : null}
            </div>
          </>
        ) : null}
        {step === "riepilogo" && state.delegato ? (
          <dl className="row">
            <dt className="col-sm-4">{t("deleghe.card.delegate")}</dt>
            <dd className="col-sm-8">
              {t("deleghe.card.person", state.delegato)}{" "}
              <Link to={stepHref("delegato", true)}>
                {t("deleghe.new.edit")}
                <span className="visually-hidden"> {t("deleghe.card.delegate")}</span>
              </Link>
            </dd>
            <dt className="col-sm-4">{t("deleghe.card.services")}</dt>
            <dd className="col-sm-8">
              <ul className="mb-1">
                {services
                  .filter((s) => state.servizi?.includes(s.id))
                  .map((s) => (
                    <li key={s.id}>{s.titolo}</li>
                  ))}
              </ul>
              <Link to={stepHref("servizi", true)}>
                {t("deleghe.new.edit")}
                <span className="visually-hidden"> {t("deleghe.card.services")}</span>
              </Link>
            </dd>
            <dt className="col-sm-4">{t("deleghe.card.to")}</dt>
            <dd className="col-sm-8">{state.scadenza ? day(state.scadenza) : null}</dd>
          </dl>
        ) : null}
        <div className="d-flex flex-wrap gap-3 mt-3">
          <Link className="btn btn-outline-primary" to={back}>
            {t("deleghe.new.back")}
          </Link>
          <SubmitButton className="btn btn-primary">
            {step === "riepilogo" ? t("deleghe.new.confirm") : t("deleghe.new.continue")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
