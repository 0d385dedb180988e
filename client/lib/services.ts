import { data, type RouterContextProvider } from "react-router";
import { servicesContext, type RequestServices } from "#client/context.ts";

export function getServices(context: Readonly<RouterContextProvider>): RequestServices {
  return context.get(servicesContext);
}

export const XSRF_FIELD = "_xsrf";

/**
 * Reads a posted form and checks the double-submit XSRF field against the portal's cookie token. React Router's
 * own Origin check runs too; this one also covers browsers that omit Origin.
 */
export async function readForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(
      { title: "Il modulo inviato non è leggibile. Ricarica la pagina e riprova." },
      { status: 400 },
    );
  }
  if (form.get(XSRF_FIELD) !== getServices(context).xsrfToken) {
    throw data(
      {
        title:
          "La richiesta non è stata accettata perché il modulo è scaduto o non proviene da questo portale. Ricarica la pagina e riprova.",
      },
      { status: 403 },
    );
  }
  return form;
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}
