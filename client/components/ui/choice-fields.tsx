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

export type CheckboxOption = { value: string; label: ReactNode; hint?: ReactNode };

export type CheckboxGroupProps = {
  name: string;
  /** Prefix of the boxes' ids (`{idPrefix}-{value}`); the first box is the target of the error summary link. */
  idPrefix: string;
  legend: ReactNode;
  options: readonly CheckboxOption[];
  /** The values checked when the page shows. */
  checked?: readonly string[];
  /** Marks the group required (the `*`; the server checks that one is chosen). */
  required?: boolean;
  error?: string;
  /** What the group says when there is nothing to choose. */
  empty?: ReactNode;
};

/**
 * A bootstrap-italia checkbox list in a fieldset (several values of one name), each box with its own hint, the
 * group's error tied to the fieldset and to every box.
 */
export function CheckboxGroup(props: CheckboxGroupProps) {
  const { name, idPrefix, legend, options, checked, required, error, empty } = props;
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="mb-4" aria-describedby={error ? errorId : undefined}>
      <legend className="h6 px-0 mb-3">
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {options.length === 0 && empty ? <p>{empty}</p> : null}
      {options.map((option) => {
        const id = `${idPrefix}-${option.value}`;
        return (
          <div className="form-check" key={option.value}>
            <input
              id={id}
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={checked?.includes(option.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={
                [option.hint ? `${id}-hint` : null, error ? errorId : null].filter(Boolean).join(" ") ||
                undefined
              }
            />
            <label htmlFor={id}>{option.label}</label>
            {option.hint ? (
              <p id={`${id}-hint`} className="form-text mt-1">
                {option.hint}
              </p>
            ) : null}
          </div>
        );
      })}
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
