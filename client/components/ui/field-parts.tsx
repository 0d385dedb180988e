import { useId, type ReactNode } from "react";
import { useT } from "#client/i18n/i18n-context.tsx";
import { cx } from "./class-names.ts";

export type FieldIds = {
  inputId: string;
  hintId: string;
  errorId: string;
  counterId: string;
  describedBy: string | undefined;
};

/** Ids for a field and the `aria-describedby` list of its hint, counter and error (only those that are shown). */
export function useFieldIds(
  id: string | undefined,
  shown: { hint?: unknown; error?: unknown; counter?: boolean },
): FieldIds {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const counterId = `${inputId}-counter`;
  const list = [shown.hint && hintId, shown.counter && counterId, shown.error && errorId].filter(Boolean);
  return { inputId, hintId, errorId, counterId, describedBy: list.length ? list.join(" ") : undefined };
}

export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: ReactNode;
  required?: boolean;
}) {
  const t = useT();
  return (
    <label htmlFor={htmlFor} className="active">
      {label}
      {required ? (
        <>
          <span aria-hidden="true"> *</span>
          <span className="visually-hidden"> {t("field.required")}</span>
        </>
      ) : null}
    </label>
  );
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <small id={id} className="form-text">
      {children}
    </small>
  ) : null;
}

export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <div id={id} className="invalid-feedback d-block">
      {children}
    </div>
  ) : null;
}

export function controlClass(base: string, error: unknown, extra?: string): string {
  return cx(base, Boolean(error) && "is-invalid", extra);
}

/**
 * A post's error that is no field's (the upstream refused, the shared store did not answer, the pending request
 * expired): an alert read out as it appears, with what to do next as its children.
 */
export function FormError({ message, children }: { message?: string; children?: ReactNode }) {
  return message ? (
    <div className="alert alert-danger" role="alert">
      {message}
      {children}
    </div>
  ) : null;
}
