import { useRef, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { useT } from "#client/i18n/i18n-context.tsx";
import { controlClass, FieldError, FieldHint, FieldLabel, useFieldIds } from "./field-parts.tsx";
import { Icon } from "./icon.tsx";
import { useHydrated } from "./use-hydrated.tsx";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & {
  name: string;
  label: ReactNode;
  id?: string;
  hint?: ReactNode;
  /** Shown under the field; also marks it `aria-invalid`. */
  error?: string;
  /** Shows the text in capitals and upper-cases what the user types (the server should upper-case too). */
  uppercase?: boolean;
  /** Adds a "clear" button (only after hydration: it needs JavaScript). */
  clearable?: boolean;
};

/** A labelled bootstrap-italia text input with hint, error, required mark and optional upper-casing / clear button. */
export function TextField(props: TextFieldProps) {
  const { name, label, id, hint, error, uppercase, clearable, required, className, onChange, ...input } =
    props;
  const t = useT();
  const hydrated = useHydrated();
  const ref = useRef<HTMLInputElement>(null);
  const ids = useFieldIds(id, { hint, error });
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (uppercase) upperCaseInPlace(event.currentTarget);
    onChange?.(event);
  };
  return (
    <div className="form-group">
      <FieldLabel htmlFor={ids.inputId} label={label} required={required} />
      <div className={clearable && hydrated ? "input-group" : undefined}>
        <input
          ref={ref}
          type="text"
          {...input}
          id={ids.inputId}
          name={name}
          required={required}
          className={controlClass(
            "form-control",
            error,
            [uppercase && "text-uppercase", className].filter(Boolean).join(" "),
          )}
          autoCapitalize={uppercase ? "characters" : input.autoCapitalize}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={handleChange}
        />
        {clearable && hydrated ? (
          <button
            type="button"
            className="btn btn-outline-primary input-group-text"
            onClick={() => clearInput(ref.current)}
          >
            <Icon name="it-close" className="icon-sm" />
            <span className="visually-hidden">
              {t("field.clear", { label: typeof label === "string" ? label : name })}
            </span>
          </button>
        ) : null}
      </div>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}

function upperCaseInPlace(input: HTMLInputElement): void {
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  input.setSelectionRange(selectionStart, selectionEnd);
}

/** Empties the field through the native setter and an `input` event, so React's `onChange` sees it too. */
function clearInput(input: HTMLInputElement | null): void {
  if (!input) return;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, "");
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.focus();
}
