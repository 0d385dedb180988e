import type { Locale } from "../locale.ts";
import { translate } from "../translate.ts";
import { validationIt } from "./texts.ts";

/**
 * Messages of the validation rules: the catalogue `validationIt` (texts.ts, English in texts.en.ts), keyed
 * `validation.<rule>`; `{value}` is replaced by the rule's limit. A rule's issue carries its key (`params.rule`), and
 * `validateForm` writes it in the request's locale through the one `translate`.
 */
export type ValidationMessageKey = keyof typeof validationIt extends `validation.${infer K}` ? K : never;

/** The rules' Italian messages by rule (what a rule's issue says before `validateForm` words it in the locale). */
export const validationMessages = Object.fromEntries(
  Object.entries(validationIt).map(([key, text]) => [key.slice("validation.".length), text]),
) as { readonly [K in ValidationMessageKey]: (typeof validationIt)[`validation.${K}`] };

export function formatValidationMessage(
  key: ValidationMessageKey,
  value?: number | string,
  locale: Locale = "it",
): string {
  return translate(locale, [validationIt], `validation.${key}`, value === undefined ? undefined : { value });
}

/** A message about one attached file (`{name}`: the file's name as shown; `{value}`: the types or the limit). */
export function formatAttachmentMessage(
  key: Extract<ValidationMessageKey, `attachment${string}`>,
  params: { name: string; value?: string },
  locale: Locale = "it",
): string {
  return translate(locale, [validationIt], `validation.${key}`, params);
}
