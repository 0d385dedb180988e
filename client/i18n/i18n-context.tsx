import { createContext, useCallback, useContext, type ReactNode } from "react";
import { it, type MessageKey } from "./it.ts";
import { en } from "./en.ts";
import { pluralCategory, type Locale } from "#shared/locale.ts";

export { resolveLocale, type Locale } from "#shared/locale.ts";
export type { MessageKey } from "./it.ts";
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey | PluralKey, params?: MessageParams) => string;

const dictionaries: Record<Locale, Record<MessageKey, string>> = { it, en };
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
  const dictionary: Record<string, string> = dictionaries[locale];
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
