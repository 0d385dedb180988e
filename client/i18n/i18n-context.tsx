import { createContext, useContext, type ReactNode } from "react";
import { it, type BaseKey } from "./it.ts";
import type { Locale } from "#shared/locale.ts";
import { translate, type Catalogue, type MessageParams } from "#shared/translate.ts";

export { resolveLocale, type Locale } from "#shared/locale.ts";
export type { BaseKey } from "./it.ts";
export { interpolate, provideEnglish, type Catalogue, type MessageParams } from "#shared/translate.ts";

/**
 * The catalogues of a `useT(a, b)` merged into one type (`typeof a & typeof b`). A list whose length the type does
 * not know (a route handle's) gives `Catalogue`: any key.
 */
export type Catalogues<C extends readonly Catalogue[]> = number extends C["length"]
  ? Catalogue
  : C extends readonly [infer First, ...infer Rest extends readonly Catalogue[]]
    ? First & Catalogues<Rest>
    : Record<never, string>;

/** The keys a `t` made with the catalogue(s) `T` accepts: the base catalogue's and `T`'s. */
export type TextKey<T extends Catalogue = Record<never, string>> = BaseKey | Extract<keyof T, string>;

/** `x` for the keys written as `x.one` and `x.other`. */
export type PluralKey<K extends string = BaseKey> = K extends `${infer Base}.other` ? Base : never;

/**
 * A `t`: the base keys and those of the catalogue(s) `T` it was made with, e.g. `Translate<typeof paymentsIt>` for
 * a helper given the payments' `t`; `Translate` alone knows the base keys only. A `t` that knows more keys can be
 * passed where one that knows fewer is expected, not the other way round.
 */
export type Translate<T extends Catalogue = Record<never, string>> = (
  key: TextKey<T> | PluralKey<TextKey<T>>,
  params?: MessageParams,
) => string;

/**
 * Whether this module loads the English catalogue before anything can render: on the server (and in tests and the
 * dev server) always; in the production browser bundle only for an English page, read from `<html lang>` that the
 * server rendered. The locale changes only with a full page load (the language switcher's links are real links), so a
 * page never needs the other catalogue later and hydration renders exactly the server's texts.
 */
export function needsEnglish(env: { SSR: boolean; PROD: boolean }, htmlLang: string | undefined): boolean {
  return env.SSR || !env.PROD || htmlLang === "en";
}

// Italian: the base catalogue is static, the features' ones come with the components that pass them to `useT`.
// English is complete (every feature's texts too): the app layer gives it (`client/texts.en.ts`) to `provideEnglish`
// (shared/translate.ts) before anything renders in English — entry.server.tsx always, entry.client.tsx on an English
// page (a chunk of its own, awaited before hydration), the tests' setup for every test. So this layer never names a
// feature.
const LocaleContext = createContext<Locale>("it");

/**
 * The one way to a text: a `t` for a locale and the feature catalogues whose keys it reads (the base catalogue's
 * keys need none). Components: `useT(xxxIt)`; loaders, actions and middleware: `serverT(context, xxxIt)`; meta
 * functions: `metaT(matches, xxxIt)`; anything else that knows the locale: `translatorFor(locale, xxxIt)`. Italian
 * reads the given catalogues, then the base; English reads the complete English catalogue (`translate` of
 * shared/translate.ts: plural forms, placeholders).
 */
export function translatorFor<const C extends readonly Catalogue[]>(
  locale: Locale,
  ...catalogues: C
): Translate<Catalogues<C>> {
  let node = translators[locale];
  for (const catalogue of catalogues) {
    let next = node.next.get(catalogue);
    if (!next) node.next.set(catalogue, (next = { next: new WeakMap() }));
    node = next;
  }
  // A `t` that reads any key is one that reads the keys of `C` (TypeScript cannot see it through the generic).
  return (node.t ??= newTranslator(locale, catalogues)) as Translate<Catalogues<C>>;
}

/**
 * The translators made so far, by locale and then by the identity of each catalogue given: the same arguments give
 * the same `t` (catalogues are module constants), so a component's `t` is stable and can be an effect's dependency.
 */
type TranslatorNode = { t?: Translate<Catalogue>; next: WeakMap<Catalogue, TranslatorNode> };
const translators: Record<Locale, TranslatorNode> = {
  it: { next: new WeakMap() },
  en: { next: new WeakMap() },
};

function newTranslator(locale: Locale, catalogues: readonly Catalogue[]): Translate<Catalogue> {
  const italian: readonly Catalogue[] = [...catalogues, it];
  return (key, params) => translate(locale, italian, key, params);
}

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext value={locale}>{children}</LocaleContext>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/**
 * The `lang` of the municipality's own texts (its configuration's menus and footer, its services, FAQ, notices and
 * messages, written in Italian) where a page shows them: `"it"` on a page in another language, so that a screen reader
 * reads them as Italian (WCAG 3.1.2, language of parts); nothing on an Italian page (`lang={useContentLang()}`).
 */
export function useContentLang(): "it" | undefined {
  return useLocale() === "it" ? undefined : "it";
}

/**
 * The municipality's own text inside the portal's markup (a topic's name as a page title, a category in a breadcrumb):
 * as it is on an Italian page, in a `<span lang="it">` on a page in another language (see `useContentLang`).
 */
export function ContentText({ children }: { children: ReactNode }) {
  const lang = useContentLang();
  return lang ? <span lang={lang}>{children}</span> : children;
}

/**
 * A catalogue text whose placeholders hold the municipality's own words ("Appointment at the {office} office"): `text`
 * is `t(key)` with those placeholders left unfilled, `content` fills them, each as {@link ContentText}. The portal's
 * own values (a count, a date) are filled by `t` as usual.
 */
export function TextWithContent({ text, content }: { text: string; content: Record<string, ReactNode> }) {
  return text
    .split(/\{(\w+)\}/)
    .map((part, index) =>
      index % 2 === 0 ? part : <ContentText key={index}>{content[part] ?? `{${part}}`}</ContentText>,
    );
}

/**
 * A component's `t` in the page's language: `useT()` for the base keys, `useT(messagesIt)` (or
 * `useT(paymentsIt, serviceCardIt)`) for a feature's. Only keys of the catalogues given type-check. The same
 * locale and catalogues (module constants) give the same `t` (see `translators`): it changes only with the locale.
 */
export function useT<const C extends readonly Catalogue[]>(...catalogues: C): Translate<Catalogues<C>> {
  return translatorFor<C>(useLocale(), ...catalogues);
}
