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
 * id is `<idPrefix>-<name>` (its name, without a prefix).
 */
export function formFields<L extends string>(form: {
  /** The ids' prefix; without it a field's id is its name. */
  idPrefix?: string;
  values: { readonly [name: string]: string | undefined } | object;
  errors: Partial<Record<string, string>>;
  labels: Record<L, string>;
  /** Where the summary's link leads for a group of choices (its first one: `kind-F`), when not the field's id. */
  anchors?: Partial<Record<L, string>>;
}): { field: <N extends L>(name: N) => FieldBinding<N>; summary: ErrorSummaryItem[] } {
  const id = (name: string) => (form.idPrefix ? `${form.idPrefix}-${name}` : name);
  const values = form.values as Partial<Record<string, unknown>>;
  const targets = Object.fromEntries(
    Object.entries<string>(form.labels).map(([name, label]) => [
      name,
      { id: form.anchors?.[name as L] ?? id(name), label },
    ]),
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
