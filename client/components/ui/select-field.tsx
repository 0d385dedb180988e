import type { ReactNode, Ref, SelectHTMLAttributes } from "react";
import { useContentLang } from "#client/i18n/i18n-context.tsx";
import { controlClass, FieldError, FieldHint, FieldLabel, useFieldIds } from "./field-parts.tsx";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "children"> & {
  name: string;
  label: ReactNode;
  options: SelectOption[];
  ref?: Ref<HTMLSelectElement>;
  id?: string;
  /** First, empty option (e.g. "Seleziona un'opzione"). */
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  /** The options are the municipality's words (its services, offices, categories): Italian on a page in English. */
  contentOptions?: boolean;
};

/** A labelled bootstrap-italia select with hint, error and required mark. */
export function SelectField(props: SelectFieldProps) {
  const {
    name,
    label,
    options,
    id,
    placeholder,
    hint,
    error,
    required,
    className,
    contentOptions,
    ...select
  } = props;
  const ids = useFieldIds(id, { hint, error });
  const contentLang = useContentLang();
  const optionLang = contentOptions ? contentLang : undefined;
  return (
    <div className="select-wrapper form-group">
      <FieldLabel htmlFor={ids.inputId} label={label} required={required} />
      <select
        {...select}
        id={ids.inputId}
        name={name}
        required={required}
        className={controlClass("", error, className) || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled} lang={optionLang}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
