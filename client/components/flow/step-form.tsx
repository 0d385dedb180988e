import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { ErrorSummary, type ErrorSummaryItem } from "#client/components/ui/error-summary.tsx";
import { Icon } from "#client/components/ui/icon.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { withSummaryVersion } from "#client/lib/flow-fields.ts";
import { ReturnToSummaryField } from "./return-to-summary-field.tsx";

export type FlowStepFormProps = {
  /** The step the action saves, posted as `intent` (absent when the submit button carries it). */
  intent?: string;
  /** Opened from the summary's "Modifica": the action goes back there after saving. */
  returnToSummary?: boolean;
  /** The failed post's errors: the summary above the form, focused when it appears. */
  errors?: ErrorSummaryItem[];
  /** The error summary's title (default "Correggi i seguenti errori"). */
  errorsTitle?: string;
  /** Between the error summary and the form (e.g. "I campi con * sono obbligatori"). */
  intro?: ReactNode;
  /** Default: the current address (path and query). */
  action?: string;
  multipart?: boolean;
  /** The form's accessible name, when a page has several forms (e.g. the assistance request's). */
  label?: string;
  /**
   * The `intent` that Enter in a field sends, for a form whose first visible submit button is a helper ("Aggiorna
   * tipologie", the place's "Cerca"): a browser submits with the form's first submit button, so without JavaScript
   * Enter pressed in a name field ran the helper and sent nothing. A hidden first button carries this intent.
   */
  enterIntent?: string;
  id?: string;
  className?: string;
  children: ReactNode;
};

/**
 * A step's form (docs/decisions/flows.md): its error summary, then a plain POST that works without JavaScript,
 * carrying the XSRF token first, the step it saves and the "Modifica" return field.
 */
export function FlowStepForm(props: FlowStepFormProps) {
  const location = useLocation();
  const {
    intent,
    returnToSummary,
    errors,
    errorsTitle,
    intro,
    action,
    multipart,
    id,
    className,
    enterIntent,
  } = props;
  return (
    <>
      {errors ? <ErrorSummary items={errors} title={errorsTitle} /> : null}
      {intro}
      <Form
        method="post"
        action={
          action === undefined
            ? `${location.pathname}${location.search}`
            : withSummaryVersion(action, new URLSearchParams(location.search))
        }
        noValidate
        encType={multipart ? "multipart/form-data" : undefined}
        id={id}
        className={className}
        aria-label={props.label}
      >
        <XsrfField />
        {enterIntent ? (
          <button type="submit" name="intent" value={enterIntent} hidden tabIndex={-1} aria-hidden="true" />
        ) : null}
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <ReturnToSummaryField active={Boolean(returnToSummary)} />
        {props.children}
      </Form>
    </>
  );
}

export type FlowStepNavProps = {
  /** "Indietro": a link to the step before (or out of the flow, or back to the summary). */
  backHref?: string;
  backLabel: string;
  submitLabel: ReactNode;
  /** While the post is under way (default: the submit button's own). */
  busyLabel?: string;
  /** The submit button's `intent`, when the form does not carry it. */
  intent?: string;
  /**
   * `steppers` (default): the Modello Comuni step navigation, a `nav` named `label` with small buttons;
   * `inline`: the two buttons side by side, as the payments have them.
   */
  variant?: "steppers" | "inline";
  /** The navigation's accessible name (`steppers`). */
  label?: string;
  /** Under the buttons (e.g. an upload's progress). */
  after?: ReactNode;
  className?: string;
};

/** The step's buttons: "Indietro" (a link) and the submit ("Avanti", "Conferma e invia"...). */
export function FlowStepNav(props: FlowStepNavProps) {
  const { backHref, backLabel, submitLabel, busyLabel, intent, variant = "steppers" } = props;
  const submitName = intent ? { name: "intent", value: intent } : {};
  if (variant === "inline") {
    return (
      <div className={props.className ?? "d-flex flex-wrap gap-3 mt-4"}>
        {backHref ? (
          <Link className="btn btn-outline-primary" to={backHref}>
            {backLabel}
          </Link>
        ) : null}
        <SubmitButton busyLabel={busyLabel} {...submitName}>
          {submitLabel}
        </SubmitButton>
        {props.after}
      </div>
    );
  }
  return (
    <div className={props.className ?? "steppers"}>
      <nav className="steppers-nav" aria-label={props.label}>
        {backHref ? (
          <Link to={backHref} className="btn btn-outline-primary btn-sm steppers-btn-prev">
            <Icon name="it-chevron-left" className="icon-primary icon-sm" />
            {backLabel}
          </Link>
        ) : null}
        <SubmitButton
          className="btn btn-primary btn-sm steppers-btn-confirm"
          busyLabel={busyLabel}
          {...submitName}
        >
          {submitLabel}
        </SubmitButton>
      </nav>
      {props.after}
    </div>
  );
}
