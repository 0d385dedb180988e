import { useOptionalRootData } from "#client/lib/root-data.ts";
import { XSRF_FIELD } from "#shared/xsrf.ts";

/**
 * The form's XSRF token. Put it first in every `<Form method="post">`: the server reads it from the body's first
 * bytes and refuses the post before reading the rest.
 */
export function XsrfField({ token }: { token?: string }) {
  const data = useOptionalRootData();
  const value = token ?? data?.xsrfToken;
  return value ? <input type="hidden" name={XSRF_FIELD} value={value} /> : null;
}
