import { createContext, useCallback, useContext, type ReactNode } from "react";
import { it, type MessageKey } from "./it.ts";
import { pluralCategory, type Locale } from "#shared/locale.ts";

export { resolveLocale, type Locale } from "#shared/locale.ts";
export type { MessageKey } from "./it.ts";
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey | PluralKey, params?: MessageParams) => string;

type Catalogue = Record<MessageKey, string>;

/**
 * Which catalogues this module loads before anything can render: on the server (and in tests and the dev server)
 * both; in the production browser bundle only the page's own language, read from `<html lang>` that the server
 * rendered. The locale changes only with a full page load (the language switcher's links are real links), so a
 * page never needs the other catalogue later and hydration renders exactly the server's texts.
 */
export function needsEnglish(env: { SSR: boolean; PROD: boolean }, htmlLang: string | undefined): boolean {
  return env.SSR || !env.PROD || htmlLang === "en";
}

// Italian is static (the default, the source of the keys); English is a separate chunk in the browser, awaited
// here (top-level await) so that every module importing this one sees it loaded.
const dictionaries: Partial<Record<Locale, Catalogue>> = { it };
if (
  needsEnglish(import.meta.env, typeof document === "undefined" ? undefined : document.documentElement.lang)
)
  dictionaries.en = (await import("./en.ts")).en;
const LocaleContext = createContext<Locale>("it");

export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/**
 * The one way to a text: `translate(locale, key, params)` on the server (with `RequestServices.locale`), `useT()`
 * in components. A count shown in a text picks its form with `Intl.PluralRules`: the key `x` with `{ count }`
 * reads `x.one` / `x.other` when those exist.
 */
export function translate(locale: Locale, key: MessageKey | PluralKey, params?: MessageParams): string {
  const dictionary: Record<string, string> = dictionaries[locale] ?? it;
  const count = params?.count;
  const template =
    typeof count === "number" && !(key in dictionary)
      ? (dictionary[`${key}.${pluralCategory(locale, count)}`] ?? dictionary[`${key}.other`])
      : dictionary[key];
  return interpolate(template ?? key, params);
}

/** A `t` bound to a locale: the server's (`translatorFor(getServices(context).locale)`) and the meta functions'. */
export function translatorFor(locale: Locale): Translate {
  return (key, params) => translate(locale, key, params);
}

/** `x` for the keys written as `x.one` and `x.other`. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}.other` ? Base : never) : never;

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext value={locale}>{children}</LocaleContext>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT(): Translate {
  const locale = useLocale();
  return useCallback<Translate>((key, params) => translate(locale, key, params), [locale]);
}
