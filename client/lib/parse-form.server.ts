import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { validateForm, type FormValidation } from "#shared/validation/form.ts";
import { servicesContext } from "#client/context.ts";
import { readForm } from "./read-form.server.ts";

/**
 * The one way an action reads its form: `readForm` (XSRF already checked by the root middleware, size and file
 * limits) and the zod schema built from `#shared/validation/rules.ts`. Answers the typed values, or the message of
 * each invalid field in the request's locale and what was sent; `form` stays at hand for hidden fields outside the schema.
 */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: S,
): Promise<FormValidation<z.output<S>> & { form: FormData }> {
  const form = await readForm(request, context);
  return { ...validateForm(form, schema, context.get(servicesContext).locale), form };
}
