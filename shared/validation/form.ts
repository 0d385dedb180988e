import type { z } from "zod";
import type { Locale } from "../locale.ts";
import { formatValidationMessage, validationMessages, type ValidationMessageKey } from "./messages.ts";

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

/** A rule's default message in the locale (its key and limit ride on the issue), else the schema's own message. */
function messageOf(issue: z.core.$ZodIssue, locale: Locale): string {
  const params =
    issue.code === "custom" ? (issue.params as { rule?: unknown; value?: unknown } | undefined) : undefined;
  const rule = params?.rule;
  if (typeof rule === "string" && rule in validationMessages) {
    const value = params?.value;
    return formatValidationMessage(
      rule as ValidationMessageKey,
      typeof value === "string" || typeof value === "number" ? value : undefined,
      locale,
    );
  }
  return issue.message;
}

/**
 * Checks a read form against a zod schema (see rules.ts): typed values, or the first message of each field, the
 * rules' default messages in `locale` (the request's: `parseForm` passes it).
 */
export function validateForm<S extends z.ZodType>(
  form: FormData,
  schema: S,
  locale: Locale = "it",
): FormValidation<z.output<S>> {
  const result = schema.safeParse(formEntries(form), {
    // Issues without a message of their own (a choice that is not among the options): "required".
    error: () => formatValidationMessage("required", undefined, locale),
  });
  if (result.success) return { ok: true, values: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "form";
    errors[field] ??= messageOf(issue, locale);
  }
  return { ok: false, errors, submitted: submittedTexts(form) };
}
