import { z } from "zod";
import { isValidCompanyNumber } from "./company-number.ts";
import { isValidFiscalCode, normalizeFiscalCode } from "./fiscal-code.ts";
import { formatValidationMessage, type ValidationMessageKey } from "./messages.ts";
import { formatMegabytes } from "../file-size.ts";

/**
 * The spec's generic rules (§5) as zod: a form field is `text(...checks)` (the trimmed text, "" when absent),
 * `password(...)` (as typed), `files({...})`, `oneOf(values, message)`; the checks answer Italian messages and,
 * but `required`, let an empty value pass, so optional fields are checked only when filled in. Each check takes
 * an optional message of its own (already in the request's locale). Without one, the issue carries the rule's key
 * and limit (`params`), and `validateForm(form, schema, locale)` writes the default message in the locale.
 * Forms are read with `parseForm` / `validateForm` (first message per field).
 *
 *     const schema = z.object({ email: text(required(), email(), maxLength(254)), cf: fiscalCodeText() });
 */
type Check = z.core.$ZodCheck<string>;

/**
 * A line break as a textarea's value counts it, one character: browsers send each as CR LF, while `maxlength` and the
 * page's counter count one (the HTML spec's "API value"), so a text at the limit with a line break would be refused.
 */
const oneCharacterBreaks = (value: string) => value.replace(/\r\n?/g, "\n");
const toText = (value: unknown) => (typeof value === "string" ? oneCharacterBreaks(value).trim() : "");
const asTyped = (value: unknown) => (typeof value === "string" ? value : "");

/** A text field, trimmed, its line breaks LF; "" when the field is missing (or is a file). */
export function text(...checks: Check[]) {
  return z.preprocess(toText, z.string().check(...checks));
}

/** A field whose spaces count (passwords): as typed. */
export function rawText(...checks: Check[]) {
  return z.preprocess(asTyped, z.string().check(...checks));
}

/** A fiscal code field: upper case, checked when filled in (add `required()` when it must be). */
export function fiscalCodeText(...checks: Check[]) {
  return z.preprocess(
    (value) => normalizeFiscalCode(asTyped(value)),
    z.string().check(...checks, fiscalCode()),
  );
}

/** One of the given values (a radio group, a select); anything else, or nothing, gets the message. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, message?: string) {
  return z.preprocess(toText, z.enum(values, message === undefined ? undefined : { error: message }));
}

/** The issue options of a check: the caller's message, or the rule's key and limit for `validateForm`. */
function issueOf(message: string | undefined, key: ValidationMessageKey, value?: number | string) {
  return message === undefined
    ? { error: formatValidationMessage(key, value), params: { rule: key, value } }
    : { error: message };
}

const rule = (
  test: (value: string) => boolean,
  message: string | undefined,
  key: ValidationMessageKey,
  limit?: number,
): Check => z.refine((value: string) => value === "" || test(value), issueOf(message, key, limit));

export const required = (message?: string): Check =>
  z.refine((value: string) => value.trim() !== "", issueOf(message, "required"));

// A pragmatic address check (as the HTML e-mail input does): local part, "@", a dotted domain, no spaces.
const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const email = (message?: string): Check =>
  rule((value) => value.length <= 254 && emailPattern.test(value), message, "email");

export const fiscalCode = (message?: string): Check => rule(isValidFiscalCode, message, "fiscalCode");

export const companyNumber = (message?: string): Check =>
  rule(isValidCompanyNumber, message, "companyNumber");

/** Lengths count UTF-16 code units, as the HTML `maxlength` attribute, the textarea counter and the upstream do. */
export const minLength = (limit: number, message?: string): Check =>
  rule((value) => value.length >= limit, message, "minLength", limit);

export const maxLength = (limit: number, message?: string): Check =>
  rule((value) => value.length <= limit, message, "maxLength", limit);

export const password = (message?: string): Check =>
  rule((value) => value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value), message, "password");

export const strongPassword = (message?: string): Check =>
  rule(
    (value) =>
      value.length >= 8 &&
      /[A-Z]/.test(value) &&
      /[a-z]/.test(value) &&
      /\d/.test(value) &&
      /[@$!%*?&]/.test(value),
    message,
    "strongPassword",
  );

/** A number as citizens type it: a comma or a point for the decimals. */
export const toNumber = (value: string) => Number(value.replace(",", "."));

export const number = (message?: string): Check =>
  rule(
    (value) => /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/.test(value) && Number.isFinite(toNumber(value)),
    message,
    "number",
  );

export const integer = (message?: string): Check =>
  rule((value) => /^[+-]?\d+$/.test(value), message, "integer");

export const maxNumber = (limit: number, message?: string): Check =>
  rule((value) => !(toNumber(value) > limit), message, "maxNumber", limit);

export const minNumber = (limit: number, message?: string): Check =>
  rule((value) => !(toNumber(value) < limit), message, "minNumber", limit);

export const matches = (expression: RegExp, message?: string): Check =>
  rule((value) => expression.test(value), message, "pattern");

export type FilesLimits = {
  min?: number;
  max?: number;
  /** Per file. */
  maxBytes?: number;
  /** MIME types or extensions (".pdf"). */
  types?: readonly string[];
};

function hasType(file: File, types: readonly string[]): boolean {
  const name = file.name.toLowerCase();
  return types.some((type) =>
    type.startsWith(".") ? name.endsWith(type.toLowerCase()) : file.type === type,
  );
}

/** Attached files (a browser sends an empty, nameless file when none was chosen: not counted). */
export function files({ min, max, maxBytes, types }: FilesLimits = {}) {
  return z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : [value]).filter(
        (item): item is File => item instanceof File && (item.size > 0 || item.name !== ""),
      ),
    z.array(z.instanceof(File)).check(
      z.refine(
        (list: File[]) => min === undefined || list.length >= min,
        issueOf(undefined, "minFilesCount", min),
      ),
      z.refine(
        (list: File[]) => max === undefined || list.length <= max,
        issueOf(undefined, "maxFilesCount", max),
      ),
      z.refine(
        (list: File[]) => maxBytes === undefined || list.every((file) => file.size <= maxBytes),
        // The limit as the Italian message writes it (whole megabytes in practice: the same in English).
        issueOf(undefined, "fileSize", maxBytes === undefined ? "" : formatMegabytes(maxBytes, "it")),
      ),
      z.refine(
        (list: File[]) => types === undefined || list.every((file) => hasType(file, types)),
        issueOf(undefined, "fileType", types?.join(", ") ?? ""),
      ),
    ),
  );
}
