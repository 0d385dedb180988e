import type { ChangeEventHandler, ReactNode } from "react";
import { cx } from "./class-names.ts";
import { FieldError } from "./field-parts.tsx";

export type RadioOption = { value: string; label: ReactNode };

export type RadioGroupProps = {
  name: string;
  /** Prefix of the options' ids; the first option's id is the target of the error summary link. */
  idPrefix: string;
  legend: ReactNode;
  options: RadioOption[];
  value: string | null;
  error?: string;
  hint?: ReactNode;
};

/** A bootstrap-italia radio list in a fieldset, with the hint and the error tied to every option. */
export function RadioGroup({ name, idPrefix, legend, options, value, error, hint }: RadioGroupProps) {
  const errorId = `${idPrefix}-error`;
  const hintId = `${idPrefix}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="mb-4">
      <legend className="h6 px-0 mb-3">{legend}</legend>
      {hint ? (
        <p id={hintId} className="form-text">
          {hint}
        </p>
      ) : null}
      <div className="row">
        {options.map((option, index) => (
          <div key={option.value} className="col-6 col-md-4 col-lg-3">
            <div className="form-check">
              <input
                type="radio"
                name={name}
                id={`${idPrefix}-${index}`}
                value={option.value}
                defaultChecked={option.value === value}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
              />
              <label htmlFor={`${idPrefix}-${index}`}>{option.label}</label>
            </div>
          </div>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

export type CheckboxFieldProps = {
  name: string;
  /** The input's id; the error is `{id}-error` (the error summary links to the id). */
  id: string;
  label: ReactNode;
  /** What is posted when checked; `1` when left out. */
  value?: string;
  defaultChecked?: boolean;
  /** Marks the box required (the `*` and the attribute; the server checks it). */
  required?: boolean;
  error?: string;
  /** A hint under the label, tied to the box. */
  hint?: ReactNode;
  /** Extra classes of the `form-check` wrapper (e.g. a margin). */
  className?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
};

/** A bootstrap-italia checkbox (`form-check`) with its required mark, hint and error, tied by `aria-describedby`. */
export function CheckboxField(props: CheckboxFieldProps) {
  const { name, id, label, value = "1", defaultChecked, required, error, hint, className, onChange } = props;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("form-check", className, error && "is-invalid")}>
      <input
        type="checkbox"
        name={name}
        id={id}
        value={value}
        defaultChecked={defaultChecked}
        required={required}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="form-text mt-1">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
