import { useState, type ChangeEvent, type ReactNode, type TextareaHTMLAttributes } from "react";
import { useT } from "#client/i18n/i18n-context.tsx";
import { controlClass, FieldError, FieldHint, FieldLabel, useFieldIds } from "./field-parts.tsx";

export type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name"> & {
  name: string;
  label: ReactNode;
  id?: string;
  hint?: ReactNode;
  error?: string;
  /** With `maxLength`, shows how many characters are left. */
  showCounter?: boolean;
};

/** A labelled textarea with hint, error, required mark and an optional remaining-characters counter. */
export function TextareaField(props: TextareaFieldProps) {
  const {
    name,
    label,
    id,
    hint,
    error,
    showCounter = true,
    required,
    className,
    onChange,
    ...textarea
  } = props;
  const t = useT();
  const initialLength = String(textarea.value ?? textarea.defaultValue ?? "").length;
  const [length, setLength] = useState(initialLength);
  const counter = showCounter && textarea.maxLength !== undefined;
  const ids = useFieldIds(id, { hint, error, counter });
  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setLength(event.currentTarget.value.length);
    onChange?.(event);
  };
  const current = textarea.value === undefined ? length : String(textarea.value).length;
  return (
    <div className="form-group">
      <FieldLabel htmlFor={ids.inputId} label={label} required={required} />
      <textarea
        rows={3}
        {...textarea}
        id={ids.inputId}
        name={name}
        required={required}
        className={controlClass("form-control", error, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={handleChange}
      />
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      {counter ? (
        <small id={ids.counterId} className="form-text d-block">
          {t("field.charactersLeft", { count: Math.max(0, (textarea.maxLength ?? 0) - current) })}
        </small>
      ) : null}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
