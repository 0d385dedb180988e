import type { ReactNode } from "react";
import { cx } from "#client/components/ui/class-names.ts";

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

/** A bootstrap-italia radio list in a fieldset, with the error tied to every option. */
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
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

export type CheckboxFieldProps = {
  name: string;
  id: string;
  label: ReactNode;
  defaultChecked?: boolean;
  error?: string;
  required?: boolean;
};

export function CheckboxField({ name, id, label, defaultChecked, error, required }: CheckboxFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={cx("form-check", error && "is-invalid")}>
      <input
        type="checkbox"
        name={name}
        id={id}
        value="1"
        defaultChecked={defaultChecked}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}
