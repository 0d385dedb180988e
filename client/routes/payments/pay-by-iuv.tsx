import { CheckboxField } from "#client/components/ui/choice-fields.tsx";
import { Link, useRouteError } from "react-router";
import { readRouteError } from "#shared/route-error.ts";
import { ErrorPage } from "#client/components/error-page/error-page.tsx";
import type { Route } from "./+types/pay-by-iuv";
import { Callout } from "#client/components/ui/callout.tsx";
import { ErrorSummary } from "#client/components/ui/error-summary.tsx";
import { formFields, type FieldBinding } from "#client/components/ui/form-fields.ts";
import { FlowStepForm, FlowStepNav } from "#client/components/flow/step-form.tsx";
import { FlowStepPage } from "#client/components/flow/step-page.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { formatEuro } from "#shared/payments.ts";
import { paymentsIt } from "#client/features/payments/texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadPayByIuv, payByIuvAction } from "#client/features/payments/pay-by-iuv.server.ts";
import { PaymentLayout } from "#client/features/payments/payment-layout.tsx";
import { PaymentPolicy } from "#client/features/payments/payment-policy.tsx";
import "#client/features/payments/payments.css";

export const middleware = [requireCitizen, requireAsset("PPAY")];

export const handle = routeHandle("payments.iuv.title", paymentsIt);

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageTitle(matches, readRouteError(error)?.title ?? metaT(matches, paymentsIt)("payments.iuv.title"));

/** "Posizione debitoria non trovata" (404) and other failures, with this page's own document title. */
export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  return loadPayByIuv(context, params.iuv, url);
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return payByIuvAction(context, request, params.iuv);
}

type IuvData = Route.ComponentProps["loaderData"];
type IuvAction = Route.ComponentProps["actionData"];

export default function PayByIuv({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(paymentsIt);
  if (loaderData.step === "ended") {
    return (
      <PaymentLayout title={t("payments.iuv.title")} lead={t("payments.iuv.lead")} parent="personal-area">
        <DelegatorsPosition ended={loaderData.ended} />
      </PaymentLayout>
    );
  }
  return <PayByIuvSteps loaderData={loaderData} actionData={actionData} />;
}

type StepData = Extract<IuvData, { position: unknown }>;

function PayByIuvSteps({ loaderData, actionData }: { loaderData: StepData; actionData: IuvAction }) {
  const t = useT(paymentsIt);
  const { step, position } = loaderData;
  const steps = [t("payments.iuv.step.privacy"), t("payments.iuv.step.summary")];
  // The box's label is its own message: the summary says it alone.
  const { field, summary } = formFields({
    values: {},
    errors: actionData?.errors ?? {},
    labels: { privacy: "" },
  });
  return (
    <PaymentLayout title={t("payments.iuv.title")} lead={t("payments.iuv.lead")} parent="personal-area">
      {!position.payable ? (
        <NotPayable position={position} />
      ) : step === "privacy" ? (
        <FlowStepPage
          steps={steps}
          current={1}
          title={t("payments.iuv.step.privacy")}
          focusKey={step}
          headingClassName="title-xlarge mt-4 mb-3"
          notices={<ErrorSummary title={t("payments.iuv.errorsTitle")} items={summary} />}
        >
          <PrivacyStep data={loaderData} privacy={field("privacy")} />
        </FlowStepPage>
      ) : (
        <FlowStepPage
          steps={steps}
          current={2}
          title={t("payments.iuv.step.summary")}
          focusKey={step}
          headingClassName="title-xlarge mt-4 mb-3"
          notices={
            actionData?.payFailed ? (
              <div role="alert" className="mt-3">
                <Callout variant="danger" title={t("payments.iuv.payFailed")}>
                  <p className="mb-0">{t("common.retryLater")}</p>
                </Callout>
              </div>
            ) : null
          }
        >
          <SummaryStep data={loaderData} />
        </FlowStepPage>
      )}
    </PaymentLayout>
  );
}

/**
 * The delegator's position after their delegation ended (issue #40): not the citizen's to pay; the way on is their own
 * payments (the shell's alert says the payment for the delegator was not made).
 */
function DelegatorsPosition({ ended }: { ended: { nome: string; cognome: string } }) {
  const t = useT(paymentsIt);
  return (
    <>
      <Callout variant="warning" title={t("payments.iuv.delegatorsTitle")} titleAs="h2">
        <p className="mb-0">{t("payments.iuv.delegatorsText", ended)}</p>
      </Callout>
      <ToActivitiesLink />
    </>
  );
}

/** The way to the personal area's payments. */
function ToActivitiesLink() {
  const t = useT(paymentsIt);
  return (
    <Link className="btn btn-primary mt-3" to={withQuery(href("/area-personale/attivita"), {}, "pagamenti")}>
      {t("payments.iuv.toActivities")}
    </Link>
  );
}

/** Already paid or cancelled: said, with the way to the personal area's payments. */
function NotPayable({ position }: { position: StepData["position"] }) {
  const t = useT(paymentsIt);
  const locale = useLocale();
  return (
    <>
      <Callout
        variant={position.status === "paid" ? "success" : "warning"}
        title={position.status === "paid" ? t("payments.iuv.alreadyPaid") : t("payments.iuv.cancelled")}
        titleAs="h2"
      >
        <p className="mb-0">
          {t("payments.card.noticeCode")}: {position.noticeCode} – {formatEuro(position.amount, locale)}
        </p>
      </Callout>
      <ToActivitiesLink />
    </>
  );
}

function PrivacyStep({ data, privacy }: { data: StepData; privacy: FieldBinding<"privacy"> }) {
  const t = useT(paymentsIt);
  const { policy } = data;
  return (
    <FlowStepForm
      intent="privacy"
      intro={
        <PaymentPolicy
          policy={policy}
          label={t("payments.iuv.step.privacy")}
          failedTitle={t("payments.iuv.privacyFailed")}
        />
      }
    >
      <CheckboxField
        id={privacy.id}
        name={privacy.name}
        label={t("payments.iuv.privacyAccept")}
        required
        error={privacy.error}
        className="mb-4"
      />
      <SubmitButton>{t("payments.iuv.next")}</SubmitButton>
    </FlowStepForm>
  );
}

/** The position and the payer, then "Paga" (the privacy acceptance travels in the form: no state between steps). */
function SummaryStep({ data }: { data: StepData }) {
  const t = useT(paymentsIt);
  const locale = useLocale();
  const { position, payer } = data;
  return (
    <>
      <div className="card card-bg shadow-sm rounded mb-4">
        <div className="card-body">
          <h3 className="h5">{t("payments.iuv.payment")}</h3>
          <dl className="payment-facts mb-4">
            <dt>{t("payments.card.noticeCode")}</dt>
            <dd>{position.noticeCode}</dd>
            <dt>{t("payments.card.iuv")}</dt>
            <dd>{position.iuv}</dd>
            {position.description ? (
              <>
                <dt>{t("payments.iuv.payment")}</dt>
                <dd>{position.description}</dd>
              </>
            ) : null}
            {position.dueDate ? (
              <>
                <dt>{t("payments.card.dueDate")}</dt>
                <dd>{position.dueDate}</dd>
              </>
            ) : null}
          </dl>
          <h3 className="h5">{t("payments.iuv.payer")}</h3>
          <dl className="payment-facts mb-4">
            <dt>{t("payments.iuv.name")}</dt>
            <dd>{payer.nome}</dd>
            <dt>{t("payments.iuv.surname")}</dt>
            <dd>{payer.cognome}</dd>
            {payer.email ? (
              <>
                <dt>{t("payments.iuv.email")}</dt>
                <dd>{payer.email}</dd>
              </>
            ) : null}
            <dt>{t("payments.iuv.fiscalCode")}</dt>
            <dd>{payer.codFisc}</dd>
          </dl>
          <h3 className="h5">{t("payments.iuv.due")}</h3>
          <p className="h4 mb-0" data-element="payment-amount">
            {formatEuro(position.amount, locale)}
          </p>
        </div>
      </div>
      <FlowStepForm intent="paga">
        <input type="hidden" name="privacy" value="1" />
        <FlowStepNav
          variant="inline"
          className="d-flex flex-wrap gap-3"
          backHref={href("/area-personale/pagamento-iuv/:iuv", { iuv: position.iuv })}
          backLabel={t("payments.iuv.back")}
          submitLabel={t("payments.iuv.pay")}
          busyLabel={t("payments.iuv.paying")}
        />
      </FlowStepForm>
    </>
  );
}
