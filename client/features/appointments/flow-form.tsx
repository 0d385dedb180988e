import { ReturnToSummaryField } from "#client/components/flow/return-to-summary-field.tsx";
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { Icon } from "#client/components/ui/icon.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { useRootData } from "#client/lib/root-data.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { XsrfField } from "#client/components/xsrf-field.tsx";

export type FlowFormProps = {
  /** Which step the action handles. */
  intent: string;
  /** Came from a "Modifica" link of the summary: the action goes back there. */
  returnToSummary?: boolean;
  /** Default: the current address (path and query). */
  action?: string;
  id?: string;
  children: ReactNode;
};

/** A step's form: a plain POST (works without JavaScript) carrying the XSRF token and the step it saves. */
export function FlowForm({ intent, returnToSummary, action, id, children }: FlowFormProps) {
  const { xsrfToken } = useRootData();
  const location = useLocation();
  return (
    <Form method="post" action={action ?? `${location.pathname}${location.search}`} noValidate id={id}>
      <XsrfField token={xsrfToken} />
      <input type="hidden" name="intent" value={intent} />
      <ReturnToSummaryField active={Boolean(returnToSummary)} />
      {children}
    </Form>
  );
}

/** The Modello Comuni step navigation: "Indietro" (a link to the previous step) and the step's submit button. */
export function StepNav({ backHref, submitLabel }: { backHref: string; submitLabel?: string }) {
  const t = useT(appointmentsIt);
  return (
    <div className="steppers">
      <nav className="steppers-nav" aria-label={t("appointments.stepsNav")}>
        <Link to={backHref} className="btn btn-outline-primary btn-sm steppers-btn-prev">
          <Icon name="it-chevron-left" className="icon-primary icon-sm" />
          {t("appointments.back")}
        </Link>
        <SubmitButton className="btn btn-primary btn-sm steppers-btn-confirm">
          {submitLabel ?? t("appointments.next")}
        </SubmitButton>
      </nav>
    </div>
  );
}
