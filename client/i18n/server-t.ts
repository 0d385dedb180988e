import type { RouterContextProvider } from "react-router";
import { getServices } from "#client/lib/services.ts";
import { translatorFor, type Catalogue, type Catalogues, type Translate } from "./i18n-context.tsx";

/**
 * The `t` of loaders, actions and middleware: texts made on the server (route errors' titles, form messages) are
 * written in the request's locale, like the page that shows them. A feature's keys need its catalogue, as with
 * `useT`: `serverT(context, paymentsIt)`.
 */
export function serverT<const C extends readonly Catalogue[]>(
  context: Readonly<RouterContextProvider>,
  ...catalogues: C
): Translate<Catalogues<C>> {
  return translatorFor<C>(getServices(context).locale, ...catalogues);
}
