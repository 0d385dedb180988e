import { createContext, useCallback, useContext, type ReactNode } from "react";
import { it, type MessageKey } from "./it.ts";
import { en } from "./en.ts";

export type Locale = "it" | "en";
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const dictionaries: Record<Locale, Record<MessageKey, string>> = { it, en };
const LocaleContext = createContext<Locale>("it");

/** Any value other than an English tag (`en`, `en-GB`, …) gives the default, Italian. */
export function resolveLocale(value: string | null | undefined): Locale {
  return value?.trim().toLowerCase().startsWith("en") ? "en" : "it";
}

export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return interpolate(dictionaries[locale][key], params);
}

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
