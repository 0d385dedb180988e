import { useRef } from "react";
import { CheckboxField } from "#client/components/ui/choice-fields.tsx";
import { Form, Link, useRouteError } from "react-router";
import { readRouteError } from "#shared/route-error.ts";
import { ErrorPage } from "#client/components/error-page/error-page.tsx";
import type { Route } from "./+types/pay-by-iuv";
import { Callout } from "#client/components/ui/callout.tsx";
import { ErrorSummary, errorSummaryItems } from "#client/components/ui/error-summary.tsx";
import { Stepper } from "#client/components/ui/stepper.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { useFocusOnChange } from "#client/components/ui/use-focus-on-change.ts";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { paymentsIt } from "#client/features/payments/texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadPayByIuv, payByIuvAction } from "#client/features/payments/pay-by-iuv.server.ts";
import { PaymentLayout } from "#client/features/payments/payment-layout.tsx";
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

export default function PayByIuv({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(paymentsIt);
  const { step, position, policy, payer } = loaderData;
  const errors = actionData?.errors ?? {};
  const steps = [t("payments.iuv.step.privacy"), t("payments.iuv.step.summary")];
  const activities = withQuery(href("/area-personale/attivita"), {}, "pagamenti");
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(step, headingRef);
  return (
    <PaymentLayout title={t("payments.iuv.title")} lead={t("payments.iuv.lead")} parent="personal-area">
      {!position.payable ? (
        <>
          <Callout
            variant={position.status === "paid" ? "success" : "warning"}
            title={position.status === "paid" ? t("payments.iuv.alreadyPaid") : t("payments.iuv.cancelled")}
            titleAs="h2"
          >
            <p className="mb-0">
              {t("payments.card.noticeCode")}: {position.noticeCode} – {position.amount}
            </p>
          </Callout>
          <Link className="btn btn-primary mt-3" to={activities}>
            {t("payments.iuv.toActivities")}
          </Link>
        </>
      ) : step === "privacy" ? (
        <>
          <Stepper steps={steps} current={1} />
          <ErrorSummary
            title={t("payments.iuv.errorsTitle")}
            items={errorSummaryItems(errors, { privacy: { id: "privacy" } })}
          />
          <h2 ref={headingRef} tabIndex={-1} className="title-xlarge mt-4 mb-3">
            {t("payments.iuv.step.privacy")}
          </h2>
          {policy === null ? (
            <div role="alert">
              <Callout variant="danger" title={t("payments.iuv.privacyFailed")}>
                <p className="mb-0">{t("common.retryLater")}</p>
              </Callout>
            </div>
          ) : (
            <div
              className="payment-policy border rounded p-3 mb-4"
              tabIndex={0}
              role="region"
              aria-label={t("payments.iuv.step.privacy")}
              dangerouslySetInnerHTML={{ __html: policy }}
            />
          )}
          <Form method="post" noValidate>
            <XsrfField />
            <input type="hidden" name="intent" value="privacy" />
            <CheckboxField
              id="privacy"
              name="privacy"
              label={t("payments.iuv.privacyAccept")}
              required
              error={errors.privacy}
              className="mb-4"
            />
            <SubmitButton>{t("payments.iuv.next")}</SubmitButton>
          </Form>
        </>
      ) : (
        <>
          <Stepper steps={steps} current={2} />
          {actionData?.payFailed ? (
            <div role="alert" className="mt-3">
              <Callout variant="danger" title={t("payments.iuv.payFailed")}>
                <p className="mb-0">{t("common.retryLater")}</p>
              </Callout>
            </div>
          ) : null}
          <h2 ref={headingRef} tabIndex={-1} className="title-xlarge mt-4 mb-3">
            {t("payments.iuv.step.summary")}
          </h2>
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
                {position.amount}
              </p>
            </div>
          </div>
          <Form method="post" className="d-flex flex-wrap gap-3">
            <XsrfField />
            <input type="hidden" name="intent" value="paga" />
            <input type="hidden" name="privacy" value="1" />
            <Link
              className="btn btn-outline-primary"
              to={href("/area-personale/pagamento-iuv/:iuv", { iuv: position.iuv })}
            >
              {t("payments.iuv.back")}
            </Link>
            <SubmitButton busyLabel={t("payments.iuv.paying")}>{t("payments.iuv.pay")}</SubmitButton>
          </Form>
        </>
      )}
    </PaymentLayout>
  );
}
