import { errorSummaryItems, type ErrorSummaryItem } from "./error-summary.tsx";

/** What a field component takes from its form: `<TextField {...field("nome")} required />`. */
export type FieldBinding<N extends string = string> = {
  id: string;
  name: N;
  label: string;
  defaultValue: string;
  error: string | undefined;
};

/**
 * A form's fields, each named once (issue #39): `labels` lists them in the form's order, with what the citizen reads
 * (a file field too, whose value is not text: its `defaultValue` is "");
 * `field(name)` hands a field component its id, name, label, the value shown (what was typed, kept after an error)
 * and its error; `summary` is the error summary's entries, in the same order, each leading to its field. A field's
 * id is `<idPrefix>-<name>`.
 */
export function formFields<L extends string>(form: {
  idPrefix: string;
  values: { readonly [name: string]: string | undefined } | object;
  errors: Partial<Record<string, string>>;
  labels: Record<L, string>;
}): { field: <N extends L>(name: N) => FieldBinding<N>; summary: ErrorSummaryItem[] } {
  const id = (name: string) => `${form.idPrefix}-${name}`;
  const values = form.values as Partial<Record<string, unknown>>;
  const targets = Object.fromEntries(
    Object.entries<string>(form.labels).map(([name, label]) => [name, { id: id(name), label }]),
  );
  return {
    field: (name) => ({
      id: id(name),
      name,
      label: form.labels[name],
      defaultValue: typeof values[name] === "string" ? values[name] : "",
      error: form.errors[name],
    }),
    summary: errorSummaryItems(form.errors, targets),
  };
}
