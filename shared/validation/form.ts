import type { z } from "zod";

/** Messages by field name (the first failing rule of each); `form` is a message about the whole form. */
export type FieldErrors = Partial<Record<string, string>>;

export type FormValidation<T> =
  | { ok: true; values: T }
  /** `submitted`: the texts the citizen sent, to show the form again as it was. */
  | { ok: false; errors: FieldErrors; submitted: Record<string, string> };

/** A form's fields as an object: one value per name, an array when the name repeats (files, checkboxes). */
export function formEntries(form: FormData): Record<string, unknown> {
  const names = new Set(form.keys());
  return Object.fromEntries(
    [...names].map((name) => {
      const all = form.getAll(name);
      return [name, all.length > 1 ? all : all[0]];
    }),
  );
}

function submittedTexts(form: FormData): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name in texts)) texts[name] = value.trim();
  }
  return texts;
}

/** Checks a read form against a zod schema (see rules.ts): typed values, or the first message of each field. */
export function validateForm<S extends z.ZodType>(form: FormData, schema: S): FormValidation<z.output<S>> {
  const result = schema.safeParse(formEntries(form));
  if (result.success) return { ok: true, values: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "form";
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, submitted: submittedTexts(form) };
}
