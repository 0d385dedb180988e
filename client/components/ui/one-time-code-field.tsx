import { ONE_TIME_CODE_LENGTH } from "#shared/validation/one-time-code.ts";
import type { FieldBinding } from "./form-fields.ts";
import { TextField } from "./text-field.tsx";

/**
 * A code sent by e-mail or SMS (`ONE_TIME_CODE_LENGTH` digits): the numeric keyboard on a phone, the code offered by
 * the phone's keyboard or the browser (`one-time-code`), never more digits than a code has.
 */
export function OneTimeCodeField({ hint, ...field }: FieldBinding & { hint: string }) {
  return (
    <TextField
      {...field}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={ONE_TIME_CODE_LENGTH}
      required
    />
  );
}
