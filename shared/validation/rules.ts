import { isValidCompanyNumber } from "./company-number.ts";
import { isValidFiscalCode } from "./fiscal-code.ts";
import { formatValidationMessage } from "./messages.ts";

/**
 * The spec's generic rules (§5) as small functions: each takes the (trimmed) text of a field and answers an Italian
 * message, or `undefined` when the value passes. Every rule but `required` accepts an empty value, so optional
 * fields are checked only when filled in; compose them with {@link validate}.
 */
export type Rule = (value: string) => string | undefined;

// A pragmatic address check (as the HTML e-mail input does): local part, "@", a dotted domain, no spaces.
const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

const when =
  (test: (value: string) => boolean, message: () => string): Rule =>
  (value) =>
    value === "" || test(value) ? undefined : message();

export const required: Rule = (value) =>
  value.trim() === "" ? formatValidationMessage("required") : undefined;

export const email: Rule = when(
  (value) => value.length <= 254 && emailPattern.test(value),
  () => formatValidationMessage("email"),
);

export const fiscalCode: Rule = when(isValidFiscalCode, () => formatValidationMessage("fiscalCode"));

export const companyNumber: Rule = when(isValidCompanyNumber, () => formatValidationMessage("companyNumber"));

/** Lengths count UTF-16 code units, as the HTML `maxlength` attribute, the textarea counter and the upstream do. */
const lengthOf = (value: string) => value.length;

export const minLength = (limit: number): Rule =>
  when(
    (value) => lengthOf(value) >= limit,
    () => formatValidationMessage("minLength", limit),
  );

export const maxLength =
  (limit: number): Rule =>
  (value) =>
    lengthOf(value) <= limit ? undefined : formatValidationMessage("maxLength", limit);

export const password: Rule = when(
  (value) => value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value),
  () => formatValidationMessage("password"),
);

export const strongPassword: Rule = when(
  (value) =>
    value.length >= 8 &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /\d/.test(value) &&
    /[@$!%*?&]/.test(value),
  () => formatValidationMessage("strongPassword"),
);

const toNumber = (value: string) => Number(value.replace(",", "."));

export const number: Rule = when(
  (value) => /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/.test(value) && Number.isFinite(toNumber(value)),
  () => formatValidationMessage("number"),
);

export const integer: Rule = when(
  (value) => /^[+-]?\d+$/.test(value),
  () => formatValidationMessage("integer"),
);

export const maxNumber = (limit: number): Rule =>
  when(
    (value) => !(toNumber(value) > limit),
    () => formatValidationMessage("maxNumber", limit),
  );

export const minNumber = (limit: number): Rule =>
  when(
    (value) => !(toNumber(value) < limit),
    () => formatValidationMessage("minNumber", limit),
  );

export const pattern = (expression: RegExp, message?: string): Rule =>
  when(
    (value) => expression.test(value),
    () => message ?? formatValidationMessage("pattern"),
  );

/** The first failing rule's message, or `undefined` when every rule passes. */
export function validate(value: string, ...rules: Rule[]): string | undefined {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return undefined;
}

/** Rules on a count of attached files. */
export function checkFilesCount(count: number, limits: { min?: number; max?: number }): string | undefined {
  if (limits.min !== undefined && count < limits.min)
    return formatValidationMessage("minFilesCount", limits.min);
  if (limits.max !== undefined && count > limits.max)
    return formatValidationMessage("maxFilesCount", limits.max);
  return undefined;
}
