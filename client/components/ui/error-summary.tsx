import { useEffect, useId, useRef, type MouseEvent } from "react";
import { useT } from "#client/i18n/i18n-context.tsx";

export type ErrorSummaryItem = { fieldId: string; message: string };

/** Where an error summary entry leads: the field's id and, to tell the messages apart, its label. */
export type SummaryTarget = { id: string; label?: string };

/** The entries already made for an action's errors, by the form's fields: see `errorSummaryItems`. */
const itemsByErrors = new WeakMap<object, Map<string, ErrorSummaryItem[]>>();

/**
 * The summary's entries from an action's field errors (`parseForm`), in the order of the fields, each pointing at
 * its field ("Nome: Campo obbligatorio"). A `form` error is not a field's: show it above the form.
 *
 * The same errors (the same object: one failed post's, from the action's data) give the same array, render after
 * render: the summary takes the focus when a post fails, not again whenever the page re-renders (a category chosen
 * while the errors are shown starts a navigation, and the focus jumped from the citizen's select to the summary,
 * then to `<body>` when the summary went away).
 */
export function errorSummaryItems(
  errors: Partial<Record<string, string>>,
  fields: Record<string, SummaryTarget>,
): ErrorSummaryItem[] {
  let byFields = itemsByErrors.get(errors);
  if (!byFields) itemsByErrors.set(errors, (byFields = new Map()));
  const signature = JSON.stringify(fields);
  const known = byFields.get(signature);
  if (known) return known;
  const items = Object.entries(fields).flatMap(([name, target]) => {
    const message = errors[name];
    if (!message) return [];
    return [{ fieldId: target.id, message: target.label ? `${target.label}: ${message}` : message }];
  });
  byFields.set(signature, items);
  return items;
}

export type ErrorSummaryProps = {
  items: ErrorSummaryItem[];
  title?: string;
  /**
   * Move the focus to the summary when it appears (default true), as after a failed submission: whenever `items` is
   * a new array, so after every failed post, even with the same errors (`errorSummaryItems` keeps a post's array).
   */
  autoFocus?: boolean;
};

/** "Correggi i seguenti errori": an alert-danger box whose links move the focus to each invalid field. */
export function ErrorSummary({ items, title, autoFocus = true }: ErrorSummaryProps) {
  const t = useT();
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (autoFocus && items.length > 0) ref.current?.focus();
  }, [autoFocus, items]);
  if (items.length === 0) return null;
  const focusField = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.focus();
    field.scrollIntoView({ block: "center" });
  };
  return (
    <section ref={ref} className="alert alert-danger" tabIndex={-1} aria-labelledby={headingId}>
      <h2 className="h5" id={headingId}>
        {title ?? t("errors.summaryTitle")}
      </h2>
      <ul className="mb-0">
        {items.map((item) => (
          <li key={item.fieldId}>
            <a href={`#${item.fieldId}`} onClick={(event) => focusField(event, item.fieldId)}>
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
