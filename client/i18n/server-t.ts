import type { RouterContextProvider } from "react-router";
import { getServices } from "#client/lib/services.ts";
import { translatorFor, type Translate } from "./i18n-context.tsx";

/**
 * The `t` of loaders, actions and middleware: texts made on the server (route errors' titles, form messages) are
 * written in the request's locale, like the page that shows them.
 */
export function serverT(context: Readonly<RouterContextProvider>): Translate {
  return translatorFor(getServices(context).locale);
}
